import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type Database, isAlive, openDatabase } from "../../server/src/db/connection";

export type Engine = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when DATABASE_URL points at a server (CI sets it). */
export const engines: Engine[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** A new, empty PostgreSQL database on the DATABASE_URL server, and how to drop it (connections and all). */
export async function scratchPostgres(
  prefix = "mp_test",
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("DATABASE_URL is needed for PostgreSQL tests");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * Where test databases' folders go: RAM (/dev/shm) where there is room, the temporary folder otherwise. A file's
 * database is a 40 MB copy: written to RAM in a few hundredths of a second, to this machine's disk in more than the
 * whole in-memory start it replaced.
 */
function scratchRoot(): string {
  try {
    const { bavail, bsize } = statfsSync("/dev/shm");
    if (bavail * bsize > 2 ** 30) return "/dev/shm";
  } catch {}
  return tmpdir();
}

const SCRATCH_PREFIX = "mp-test-db-";

/**
 * Removes the database folders of test processes that are gone (a run stopped half-way cannot close them): each
 * folder is named after the process that made it, and a live process's folders are left alone.
 */
export function removeOrphanedDatabases(): void {
  for (const name of readdirSync(scratchRoot())) {
    if (!name.startsWith(SCRATCH_PREFIX)) continue;
    const pid = Number(name.slice(SCRATCH_PREFIX.length).split("-")[0]);
    if (!pid || isAlive(pid)) continue;
    rmSync(path.join(scratchRoot(), name), { recursive: true, force: true });
  }
}

/** What the API project's global setup migrated once (tests/support/global-setup.ts); absent elsewhere. */
function provided<K extends "pgliteTemplate" | "postgresTemplate">(key: K): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/**
 * A fresh, migrated database for one test file: PGlite in a temporary folder (removed on close), or a new
 * PostgreSQL database created on the DATABASE_URL server and dropped on close. Both start as copies of a database
 * migrated once per run (when the global setup made one), so nothing is shared with other files or earlier runs.
 * Without that template (outside the API project), PGlite starts in memory and migrates.
 */
export async function openTestDatabase(engine: Engine): Promise<Database> {
  if (engine === "pglite") {
    const template = provided("pgliteTemplate");
    if (!template) return openDatabase({ kind: "pglite" });
    // The production embedded database's own way (a data folder on disk), on a copy of the migrated template.
    const dir = mkdtempSync(path.join(scratchRoot(), `${SCRATCH_PREFIX}${process.pid}-`));
    try {
      cpSync(path.join(template, "pgdata"), path.join(dir, "pgdata"), { recursive: true });
      const database = await openDatabase({ kind: "pglite", dir });
      return {
        ...database,
        close: async () => {
          await database.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }
  const scratch = await scratchPostgres("mp_test", provided("postgresTemplate"));
  // Dropping the database at the end ends its connections; the pool's idle-error listener may see that.
  const database = await openDatabase({ kind: "postgres", url: scratch.url }, () => {});
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
