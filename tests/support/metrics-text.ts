import { spawnSync } from "node:child_process";

/** Reading Prometheus' text format in tests, and Prometheus' own checker (promtool) on it. */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape (comments and blank lines left out). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of `name` whose labels include `labels`. */
export const samplesOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

/** The one sample of `name` with `labels` (undefined when there is none; an error when several match). */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samplesOf(samples, name, labels);
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** How much a sample moved between two scrapes (a series not there yet counts as 0). */
export const change = (before: Sample[], after: Sample[], name: string, labels: Record<string, string> = {}) =>
  (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);

/** The metric families a scrape declares (`# TYPE name kind`). */
export const familiesOf = (text: string) =>
  new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, kind]) => [name!, kind!]));

export const PROMTOOL_INSTALL = "DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends prometheus";

/**
 * Runs promtool (Debian's `prometheus` package) and answers its output; throws with that output when it finds
 * problems, and when promtool is missing (CI installs it: the check must fail there, never be skipped).
 */
export function promtool(args: string[], options: { input?: string; cwd?: string } = {}): string {
  const run = spawnSync("promtool", args, { input: options.input, cwd: options.cwd, encoding: "utf8" });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT")
    throw new Error(`promtool is not installed: ${PROMTOOL_INSTALL}`);
  if (run.error) throw run.error;
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) throw new Error(`promtool ${args.join(" ")} exited with ${run.status}:\n${output}`);
  return output;
}
