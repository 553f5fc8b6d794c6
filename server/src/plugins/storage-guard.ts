import { existsSync } from "node:fs";
import { statfs } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../app-deps";
import { Failure } from "../lib/failure";

/**
 * Free space the embedded database's disk keeps in reserve. PGlite meets a full disk cleanly while it extends a
 * table (an error, answered 503 by the envelope), but not while it starts a write-ahead log segment (16 MB at
 * once): it then spins in a loop that never returns, and the whole process with it, space freed or not. Refusing
 * changes while less than this is free leaves room for the segments the writes already under way may still need.
 */
export const STORAGE_RESERVE_BYTES = 64 * 1024 * 1024;

/** How long a measurement that found enough space is trusted (one statfs per this time, however many writes). */
const TRUSTED_MS = 500;

/** Bytes free for this process's account on the disk holding `dir`; null when that cannot be told. */
export async function freeBytes(dir: string): Promise<number | null> {
  try {
    const disk = await statfs(dir);
    return disk.bavail * disk.bsize;
  } catch {
    return null;
  }
}

/** Whether the embedded database lives in the data folder (tests keep theirs in memory, the data folder apart). */
export const databaseInDataDir = (deps: AppDeps) =>
  deps.engine === "pglite" && existsSync(path.join(deps.config.dataDir, "pgdata"));

const reads = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /** A GET that changes something (contracts' `changes`): guarded like the other methods. */
    changes?: boolean;
  }
}

/**
 * On the embedded database, every call that changes something is refused (503, "storage full", nothing written)
 * while its disk is below the reserve; reads go on. Space found short is measured again at the next call, so the
 * server takes changes again as soon as space returns.
 */
export function registerStorageGuard(app: FastifyInstance, deps: AppDeps) {
  if (!databaseInDataDir(deps)) return;
  const dir = deps.config.dataDir;
  let enoughAt = Number.NEGATIVE_INFINITY;
  app.addHook("preHandler", async (request) => {
    if (reads.has(request.method) && !request.routeOptions.config.changes) return;
    if (performance.now() - enoughAt < TRUSTED_MS) return;
    const free = await freeBytes(dir);
    if (free === null || free >= STORAGE_RESERVE_BYTES) {
      enoughAt = performance.now();
      return;
    }
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    const cause = new Error(`${dir}: ${mb(free)} MB free, below the ${mb(STORAGE_RESERVE_BYTES)} MB kept in reserve`);
    throw new Failure("storageFull", {}, { cause });
  });
}
