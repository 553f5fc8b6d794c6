import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../../server/src/db/connection";

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

/** What the API project's global setup migrated once (tests/support/global-setup.ts); absent elsewhere. */
function provided<K extends "pgliteSnapshot" | "postgresTemplate">(key: K): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

let snapshot: Blob | undefined;

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a new PostgreSQL database created on the
 * DATABASE_URL server and dropped on close. Both start as copies of a database migrated once per run (when the
 * global setup made one), so nothing is shared with other files or earlier runs.
 */
export async function openTestDatabase(engine: Engine): Promise<Database> {
  if (engine === "pglite") {
    const file = provided("pgliteSnapshot");
    if (file) snapshot ??= new Blob([readFileSync(file)]);
    return openDatabase({ kind: "pglite", ...(snapshot && { snapshot }) });
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
