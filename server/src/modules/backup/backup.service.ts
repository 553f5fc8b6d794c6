import { type Dirent, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { copyFile, mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import { queryRows } from "../../db/raw";
import { type ArchiveSource, writeArchive } from "./archive-writer";
import {
  appliedSchema,
  BackupRefused,
  DATABASE_DIR,
  FILES_DIR,
  KEY_FILE,
  keyFingerprint,
  keyOfSecretsFile,
  LEFT_OUT,
  MANIFEST,
  type Manifest,
  partDigest,
  partOf,
} from "./backup-archive";

export const POSTGRES_PROCEDURE =
  "This installation runs on PostgreSQL (DATABASE_URL): `backup` archives only the embedded database. Back PostgreSQL up with its own tools (pg_dump -Fc and pg_restore, or a base backup with WAL archiving for point-in-time recovery), together with the files folder (DATA_DIR/files) and the encryption key (ENCRYPTION_KEY): README.md, section Backups.";

/** PostgreSQL's own lock file and start options (pg_basebackup leaves them out too): the restored server makes its own. */
const NOT_COPIED = new Set(["postmaster.pid", "postmaster.opts"]);
/** A WAL segment file's name: timeline, log and segment, in hex (they sort in WAL order). */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;
/** Leeway for the clock when telling segments written since the checkpoint by their modification time. */
const CLOCK_LEEWAY_MS = 10_000;
const COPIES_AT_ONCE = 4;

export interface BackupSummary {
  file: string;
  bytes: number;
  sha256: string;
  /** How long the database's statements waited for the copy. */
  pausedMs: number;
  manifest: Manifest;
}

/**
 * Writes a backup archive of the embedded database and the uploaded files to `out`, beside a server that keeps
 * taking orders (this runs in the process that holds the database: the server, over ops.sock, or the CLI itself
 * when no server runs).
 *
 * The snapshot is a copy of the database's folder made while PGlite's query lock is held (`runExclusive`, the
 * lock `dumpDataDir` takes; every statement, in a transaction or not, takes it too), so no statement runs between
 * its first file and its last: the copy is the folder as a crash at that moment would leave it, and PostgreSQL's
 * recovery at the next start replays its WAL to the last transaction committed before it, dropping any still
 * open. Every order answered before the backup began is in it. `dumpDataDir` would do the same, but it builds the
 * whole folder as a tar in memory, three copies at once (790 MB of buffers for a 250 MB folder at 100,000
 * orders), and synchronously, stalling the event loop so long that the server sheds requests with 503; the copy
 * here holds no memory and leaves the event loop free (statements just wait for the lock).
 *
 * Uploaded files are listed after the snapshot: a file is stored before the row that names it is committed, and
 * uploads are never deleted, so every file the snapshot names is there.
 */
export async function createBackup(
  deps: AppDeps,
  options: { out: string; includeKey: boolean },
): Promise<BackupSummary> {
  if (deps.engine !== "pglite") throw new BackupRefused(POSTGRES_PROCEDURE);
  const client = embeddedClient(deps);
  const dataDir = deps.config.dataDir;
  const out = path.resolve(options.out);
  if (out === dataDir || out.startsWith(`${dataDir}${path.sep}`))
    throw new BackupRefused(
      `Write the backup outside the data folder ${dataDir}: a backup kept beside the data it protects is lost with it.`,
    );
  if (existsSync(out)) throw new BackupRefused(`${out} already exists: name a new file (a backup never overwrites).`);
  if (!existsSync(path.dirname(out))) throw new BackupRefused(`The folder ${path.dirname(out)} does not exist.`);

  const [currentKey] = deps.config.encryptionKeys;
  const fingerprint = keyFingerprint(currentKey!);
  const keyFile = options.includeKey ? secretsFileOf(dataDir, currentKey!) : null;
  const schema = await appliedSchema(deps.db);

  const staging = mkdtempSync(path.join(path.dirname(out), `.${path.basename(out)}.partial-`));
  const partial = `${staging}.tar.gz`;
  try {
    // Written to the data files first, so the restored copy replays little WAL at its first start.
    const checkpointed = Date.now() - CLOCK_LEEWAY_MS;
    await deps.db.execute(sql`CHECKPOINT`);
    const [wal] = await queryRows<{ segment: string }>(
      deps.db,
      sql`select pg_walfile_name(pg_current_wal_insert_lsn()) as segment`,
    );
    const pgdata = client.dataDir!;
    // PostgreSQL keeps WAL segments it no longer needs under future names, to reuse them (wal_recycle). Those
    // after the one in use at the checkpoint and not written since hold only old records, which recovery takes
    // for the end of the WAL as it would a missing file: most of pg_wal (128 of 145 MB at 100,000 orders), left
    // out of the copy and so of the pause.
    const recycled = (dir: string, name: string) =>
      path.basename(dir) === "pg_wal" &&
      WAL_SEGMENT.test(name) &&
      name > (wal?.segment ?? "") &&
      statSync(path.join(dir, name)).mtimeMs < checkpointed;
    const started = performance.now();
    const createdAt = Date.now();
    const directories = await client.runExclusive(() => copyFolder(pgdata, path.join(staging, DATABASE_DIR), recycled));
    const pausedMs = performance.now() - started;

    const filesRoot = path.join(dataDir, "files");
    const sources: ArchiveSource[] = [
      ...directories.map((d) => ({ path: d, directory: true as const })),
      ...listFiles(path.join(staging, DATABASE_DIR)).map((p) => ({
        path: `${DATABASE_DIR}/${p}`,
        file: path.join(staging, DATABASE_DIR, p),
      })),
      // Taken from where they are: they never change once stored.
      ...(existsSync(filesRoot) ? listUploads(filesRoot) : []).map((p) => ({
        path: `${FILES_DIR}/${p}`,
        file: path.join(filesRoot, p),
      })),
      ...(keyFile ? [{ path: KEY_FILE, bytes: Buffer.from(keyFile) }] : []),
    ];
    let manifest: Manifest | undefined;
    // The manifest goes last: it lists every file's SHA-256, computed as the file goes in.
    const written = await writeArchive(partial, sources, {
      path: MANIFEST,
      bytes: (entries) => {
        manifest = {
          format: "merchant-portal-backup",
          version: 1,
          createdAt: new Date(createdAt).toISOString(),
          engine: "pglite",
          schema,
          key: { included: keyFile !== null, fingerprint },
          leftOut: LEFT_OUT,
          parts: {
            database: partDigest(entries.filter((e) => partOf(e.path) === "database")),
            files: partDigest(entries.filter((e) => partOf(e.path) === "files")),
            key: keyFile ? partDigest(entries.filter((e) => partOf(e.path) === "key")) : null,
          },
          directories,
          entries,
        };
        return Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
      },
    });
    renameSync(partial, out);
    return { file: out, bytes: written.bytes, sha256: written.sha256, pausedMs, manifest: manifest! };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}

/** The PGlite instance behind `deps.db` (drizzle keeps it as `$client`), with the folder it runs on. */
function embeddedClient(deps: AppDeps): PGlite {
  const client = (deps.db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite) || !client.dataDir || !existsSync(client.dataDir))
    throw new BackupRefused("The embedded database runs in memory here: there is no data folder to back up.");
  return client;
}

/** DATA_DIR/secrets.json, when it holds the key the server runs with. */
function secretsFileOf(dataDir: string, currentKey: Buffer): string {
  const file = path.join(dataDir, KEY_FILE);
  const text = existsSync(file) ? readFileSync(file, "utf8") : null;
  if (text === null || !keyOfSecretsFile(text)?.equals(currentKey))
    throw new BackupRefused(
      "--include-key puts DATA_DIR/secrets.json in the archive, and this server's key comes from ENCRYPTION_KEY: keep that value where you keep the backups' key (see README.md, Backups).",
    );
  return text;
}

/**
 * Copies the database's folder (see createBackup: called with the query lock held); answers its directories as
 * archive paths. Asynchronous, so the server's event loop keeps answering (health, overload checks, requests that
 * need no database) while statements wait for the lock; a few files at a time keep the disk busy.
 */
async function copyFolder(from: string, to: string, skip: (dir: string, name: string) => boolean): Promise<string[]> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  const relative = (e: Dirent) => path.relative(from, path.join(e.parentPath, e.name));
  const directories = entries.filter((e) => e.isDirectory()).map(relative);
  await mkdir(to, { mode: 0o700 });
  for (const d of directories.sort()) await mkdir(path.join(to, d), { mode: 0o700 });
  const files = entries.filter((e) => e.isFile() && !NOT_COPIED.has(e.name) && !skip(e.parentPath, e.name));
  const copyNext = async (): Promise<void> => {
    const e = files.pop();
    if (!e) return;
    await copyFile(path.join(e.parentPath, e.name), path.join(to, relative(e)));
    return copyNext();
  };
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, copyNext));
  return [DATABASE_DIR, ...directories.map((d) => `${DATABASE_DIR}/${d.split(path.sep).join("/")}`)];
}

/** Regular files under `root`, as `/`-separated paths relative to it, in name order. */
function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/** The uploaded files: everything under files/ but generated exports and uploads still being written (`.tmp`). */
function listUploads(root: string): string[] {
  return listFiles(root).filter((p) => !p.startsWith("exports/") && !p.endsWith(".tmp"));
}
