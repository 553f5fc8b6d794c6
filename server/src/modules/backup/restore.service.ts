import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import * as tar from "tar";
import {
  BackupRefused,
  DATABASE_DIR,
  FILES_DIR,
  fileSha256,
  KEY_FILE,
  keyFingerprint,
  keyOfSecretsFile,
  MANIFEST,
  type Manifest,
  manifestSchema,
  migrationsToRun,
  partDigest,
  partOf,
} from "./backup-archive";

/** Where the key the restored server will run with comes from, once it matched the backup's fingerprint. */
export type RestoredKey = "environment" | "data folder" | "archive" | "missing";

export interface RestoreSummary {
  manifest: Manifest;
  /** Migrations of this release the server applies at its first start on the restored database. */
  migrations: string[];
  key: RestoredKey;
}

/**
 * Puts a backup archive into an empty data folder, for the server to start on: no server and no database is
 * needed or opened. Everything is unpacked into a folder of its own inside `dataDir` and checked there (every
 * file's size and SHA-256 against the manifest, nothing the manifest does not list, a schema this release knows,
 * the key); only then is it moved into place. A refusal leaves the data folder as it was.
 *
 * `keys`: ENCRYPTION_KEY and ENCRYPTION_OLD_KEYS when set (the server will run with them, not secrets.json).
 */
export async function restoreBackup(options: {
  archive: string;
  dataDir: string;
  keys: Buffer[];
}): Promise<RestoreSummary> {
  const { archive, dataDir } = options;
  if (!existsSync(archive) || !statSync(archive).isFile()) throw new BackupRefused(`No archive at ${archive}.`);
  // A key put in the folder first is welcome: it is the one thing a backup does not carry by default.
  const present = existsSync(dataDir) ? readdirSync(dataDir).filter((name) => name !== KEY_FILE) : [];
  if (present.length > 0)
    throw new BackupRefused(
      `The data folder ${dataDir} is not empty (${present.slice(0, 5).join(", ")}${present.length > 5 ? ", …" : ""}): restore fills an empty folder only, so nothing is overwritten. Set DATA_DIR to a new folder, or empty this one.`,
    );
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  const staging = mkdtempSync(path.join(dataDir, ".restore-"));
  try {
    const manifest = await unpack(archive, staging);
    const migrations = migrationsToRun(manifest.schema);
    await verify(manifest, staging);
    const key = checkKey(manifest, staging, options);
    if (key === "archive") renameSync(path.join(staging, KEY_FILE), path.join(dataDir, KEY_FILE));
    if (existsSync(path.join(staging, FILES_DIR)))
      renameSync(path.join(staging, FILES_DIR), path.join(dataDir, FILES_DIR));
    // Last: a folder with pgdata/ in it is a database.
    renameSync(path.join(staging, DATABASE_DIR), path.join(dataDir, DATABASE_DIR));
    return { manifest, migrations, key };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Unpacks what a backup may hold (and nothing else) into `into`; answers its manifest. */
async function unpack(archive: string, into: string): Promise<Manifest> {
  const foreign: string[] = [];
  const allowed = (p: string, type: string) => {
    const name = p.replace(/\/+$/, "");
    if (name === MANIFEST || name === KEY_FILE) return type === "File";
    if (name === DATABASE_DIR || partOf(name) === "database" || partOf(name) === "files")
      return type === "File" || type === "Directory";
    return false;
  };
  try {
    await tar.x({
      file: archive,
      cwd: into,
      strict: true,
      preserveOwner: false,
      filter: (p, entry) => {
        const type = "type" in entry ? entry.type : entry.isDirectory() ? "Directory" : "File";
        if (allowed(p, type)) return true;
        foreign.push(p);
        return false;
      },
    });
  } catch (error) {
    throw new BackupRefused(
      `The archive ${archive} cannot be read (${(error as Error).message}): it is damaged or not a backup. Restore from another copy.`,
    );
  }
  if (foreign.length > 0)
    throw new BackupRefused(
      `The archive holds entries no backup holds (${foreign.slice(0, 5).join(", ")}): it is not a backup of this product.`,
    );
  const file = path.join(into, MANIFEST);
  const parsed = existsSync(file) ? manifestSchema.safeParse(parseJson(readFileSync(file, "utf8"))) : null;
  if (!parsed?.success)
    throw new BackupRefused(
      `The archive has no valid ${MANIFEST}: it is not a backup of this product, or a damaged one.`,
    );
  return parsed.data;
}

/** Every file as the manifest lists it (size, SHA-256), none it does not list, its directories, its parts. */
async function verify(manifest: Manifest, root: string): Promise<void> {
  const problems: string[] = [];
  const listed = new Map(manifest.entries.map((e) => [e.path, e]));
  const found = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter((p) => p !== MANIFEST);
  for (const p of found) if (!listed.has(p)) problems.push(`${p}: not in the manifest`);
  for (const e of manifest.entries) {
    const file = path.join(root, e.path);
    if (!existsSync(file)) problems.push(`${e.path}: missing`);
    else if ((await stat(file)).size !== e.size) problems.push(`${e.path}: size differs`);
    else if ((await fileSha256(file)) !== e.sha256) problems.push(`${e.path}: checksum differs`);
  }
  for (const d of manifest.directories) if (!existsSync(path.join(root, d))) problems.push(`${d}/: missing`);
  for (const name of ["database", "files", "key"] as const) {
    const entries = manifest.entries.filter((e) => partOf(e.path) === name);
    const part = manifest.parts[name];
    const digest = partDigest(entries);
    if (part ? part.sha256 !== digest.sha256 : entries.length > 0) problems.push(`the ${name} part's checksum differs`);
  }
  if (manifest.key.included !== listed.has(KEY_FILE)) problems.push(`${KEY_FILE}: does not match the manifest`);
  if (problems.length > 0)
    throw new BackupRefused(
      `The archive does not match its manifest (${problems.length} problem${problems.length > 1 ? "s" : ""}: ${problems.slice(0, 5).join("; ")}): it is damaged. Restore from another copy.`,
    );
}

/**
 * The key the server will read must be the backup's: ENCRYPTION_KEY (or an old key beside it) when set, else a
 * secrets.json put in the folder beforehand, else the archive's own. None at all is allowed (the operator copies
 * the key in afterwards, as the output says); a wrong one is refused, since the server would start with it and
 * read nothing it encrypted.
 */
function checkKey(manifest: Manifest, staging: string, options: { dataDir: string; keys: Buffer[] }): RestoredKey {
  const expected = manifest.key.fingerprint;
  if (options.keys.length > 0) {
    if (options.keys.some((k) => keyFingerprint(k) === expected)) return "environment";
    throw new BackupRefused(
      `ENCRYPTION_KEY is not the key this backup was made with (fingerprint ${keyFingerprint(options.keys[0]!)}, the backup's ${expected}): set the backup's key, or add it to ENCRYPTION_OLD_KEYS.`,
    );
  }
  const placed = path.join(options.dataDir, KEY_FILE);
  for (const [file, source] of [
    [placed, "data folder"],
    [path.join(staging, KEY_FILE), "archive"],
  ] as const) {
    if (!existsSync(file)) continue;
    const key = keyOfSecretsFile(readFileSync(file, "utf8"));
    if (key && keyFingerprint(key) === expected) return source;
    throw new BackupRefused(
      `${file} is not the key this backup was made with (the backup's fingerprint is ${expected}): put the right secrets.json there, or remove it.`,
    );
  }
  return "missing";
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
