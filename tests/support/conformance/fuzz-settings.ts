import { createHash } from "node:crypto";

/** How many runs each property gets: sized so both engines fit in a few minutes on two cores. */
export const FUZZ_RUNS = {
  /** Conforming requests per operation. */
  conforming: Number(process.env.FUZZ_CONFORMING_RUNS ?? 300),
  /** Random bad values per broken constraint, after its boundary and far examples. */
  mutation: Number(process.env.FUZZ_MUTATION_RUNS ?? 10),
};

/** The run's seed: `FUZZ_SEED` to replay one, else a new one (printed with the results). */
export function fuzzSeed(): number {
  const given = process.env.FUZZ_SEED;
  if (given !== undefined && given !== "") return Number(given) | 0;
  return (Date.now() ^ Math.floor(Math.random() * 2 ** 31)) | 0;
}

/** Each property's seed, from the run's seed and the property's name: one FUZZ_SEED replays them all. */
export function seedOf(runSeed: number, property: string): number {
  return createHash("sha256").update(`${runSeed}:${property}`).digest().readInt32LE(0);
}
