import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { migrationsFolder, openDatabase } from "../../server/src/db/connection";
import { removeOrphanedDatabases, scratchPostgres } from "./test-db";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data folder on disk, copied by every test file instead of migrating. */
    pgliteTemplate: string;
    /** A migrated, empty PostgreSQL database that test files copy (`CREATE DATABASE … TEMPLATE`). */
    postgresTemplate: string;
  }
}

/**
 * Runs once per `vitest` run, before any API test file: migrates one database per engine so each file copies it
 * (a quarter of a second on PGlite) instead of creating and migrating its own (about 3 s on two cores). Copies,
 * never shares: every file still starts from an empty database of its own. First clears what stopped runs left.
 */
export default async function setup(project: TestProject) {
  removeOrphanedDatabases();
  project.provide("pgliteTemplate", await pgliteTemplate());
  if (!process.env.DATABASE_URL) return;
  const template = await scratchPostgres("mp_template");
  const database = await openDatabase({ kind: "postgres", url: template.url }, () => {});
  await database.close();
  project.provide("postgresTemplate", new URL(template.url).pathname.slice(1));
  return template.drop;
}

/**
 * The template folder (its `pgdata` is what test files copy), made again only when the migrations change (its
 * name is their hash). A folder, not a `dumpDataDir` archive: copying its 40 MB into RAM and opening the copy
 * where it is (as the embedded server opens its own) costs a third of unpacking the archive into PGlite's
 * in-memory file system (0.25 s against 0.7 s of CPU), on each of the hundred databases a run opens.
 */
async function pgliteTemplate(): Promise<string> {
  const hash = createHash("sha256");
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith(".sql") || file.endsWith(".json")) hash.update(file).update(readFileSync(full));
  }
  const folder = path.join(tmpdir(), `mp-pglite-template-${hash.digest("hex").slice(0, 16)}`);
  if (existsSync(folder)) return folder;
  // Made beside and renamed: a run that stops half-way never leaves a torn template behind.
  const partial = `${folder}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial);
  // initdb here (openDatabase would run it in a child process, which the global setup's module runner cannot start).
  await (await PGlite.create(path.join(partial, "pgdata"))).close();
  const database = await openDatabase({ kind: "pglite", dir: partial });
  await database.close();
  try {
    renameSync(partial, folder);
  } catch (error) {
    // Another run made it meanwhile: theirs is as good.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(folder)) throw error;
  }
  return folder;
}
