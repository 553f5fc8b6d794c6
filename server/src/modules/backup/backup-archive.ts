import { createHash } from "node:crypto";
import { createReadStream, readFileSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { ConfigError } from "../../config";
import { type Db, migrationsFolder } from "../../db/connection";
import { queryRows } from "../../db/raw";

/**
 * What a backup archive holds (a gzipped tar): `manifest.json` first, then the embedded database's folder as
 * `pgdata/`, the uploaded files as `files/` (content-addressed, as `DATA_DIR/files` keeps them) and, only when
 * asked for, the encryption key as `secrets.json`. The manifest lists every file with its size and SHA-256, so a
 * restore checks each byte before anything lands in the data folder.
 */
export const MANIFEST = "manifest.json";
export const DATABASE_DIR = "pgdata";
export const FILES_DIR = "files";
export const KEY_FILE = "secrets.json";
/** Generated export files stay out: they are made again on request, and old ones expire anyway. */
export const LEFT_OUT = ["files/exports/ (generated export files: ask for the export again)"];

/**
 * A backup or restore refused for something the operator can put right (the folder, the archive, the database
 * engine, the key): the CLI prints the sentence, never a stack (ops/commands.ts prints a ConfigError's message).
 */
export class BackupRefused extends ConfigError {}

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
const entry = z.object({ path: z.string().min(1), size: z.number().int().min(0), sha256: sha256Hex });
export type ArchiveEntry = z.infer<typeof entry>;
/** A part's files as a whole: how many, their bytes, and the SHA-256 of their sorted listing (`partDigest`). */
const part = z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0), sha256: sha256Hex });
export type ArchivePart = z.infer<typeof part>;

export const manifestSchema = z.object({
  format: z.literal("merchant-portal-backup"),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  engine: z.literal("pglite"),
  /** The latest migration applied to the database: a restore refuses one newer than its release knows. */
  schema: z.object({ migration: z.string(), appliedAt: z.number().int() }),
  key: z.object({ included: z.boolean(), fingerprint: z.string().regex(/^[0-9a-f]{16}$/) }),
  leftOut: z.array(z.string()),
  parts: z.object({ database: part, files: part, key: part.nullable() }),
  /** The database folder's directories, empty ones included (PostgreSQL expects pg_tblspc/ and the like). */
  directories: z.array(z.string()),
  entries: z.array(entry),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const partOf = (p: string): keyof Manifest["parts"] | null =>
  p === KEY_FILE
    ? "key"
    : p.startsWith(`${DATABASE_DIR}/`)
      ? "database"
      : p.startsWith(`${FILES_DIR}/`)
        ? "files"
        : null;

/** One part's summary: its entries' count and bytes, and a digest of `sha256  size  path` lines in path order. */
export function partDigest(entries: ArchiveEntry[]): ArchivePart {
  const hash = createHash("sha256");
  let bytes = 0;
  for (const e of [...entries].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    hash.update(`${e.sha256}  ${e.size}  ${e.path}\n`);
    bytes += e.size;
  }
  return { count: entries.length, bytes, sha256: hash.digest("hex") };
}

export async function fileSha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/**
 * Names the encryption key without revealing it: the first 16 hex digits of its SHA-256. The first 8 are the key
 * id every sealed secret in the database carries (lib/crypto.ts), so a fingerprint can be matched against them.
 */
export const keyFingerprint = (key: Buffer) => createHash("sha256").update(key).digest("hex").slice(0, 16);

/** The key in a `secrets.json` (config.ts writes `{ "encryptionKey": <base64> }`), or null when it holds none. */
export function keyOfSecretsFile(text: string): Buffer | null {
  let value: unknown;
  try {
    value = (JSON.parse(text) as { encryptionKey?: unknown }).encryptionKey;
  } catch {
    return null;
  }
  if (typeof value !== "string") return null;
  const v = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, "hex") : Buffer.from(v, "base64");
  return key.length === 32 ? key : null;
}

interface Migration {
  tag: string;
  /** Drizzle's `folderMillis`: what `drizzle.__drizzle_migrations.created_at` records once it is applied. */
  when: number;
}

/** The migrations this release carries, oldest first (drizzle-kit's journal beside them). */
export function releaseMigrations(): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: Migration[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The database's schema version: the latest migration applied to it. */
export async function appliedSchema(db: Db): Promise<Manifest["schema"]> {
  const [row] = await queryRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const appliedAt = Number(row?.created_at ?? 0);
  const known = releaseMigrations().find((m) => m.when === appliedAt);
  return { migration: known?.tag ?? `unknown (${appliedAt})`, appliedAt };
}

/**
 * Whether this release can start on a database at `schema`: the same or an older migration of its own is fine
 * (the server applies the rest at start); a newer or foreign one is refused. Answers the migrations still to run.
 */
export function migrationsToRun(schema: Manifest["schema"]): string[] {
  const migrations = releaseMigrations();
  const latest = migrations.at(-1);
  if (latest && schema.appliedAt > latest.when)
    throw new BackupRefused(
      `The backup's database is newer than this release (its schema is ${schema.migration}; this release ends at ${latest.tag}): restore it with the release that made it, or a later one.`,
    );
  const at = migrations.findIndex((m) => m.when === schema.appliedAt);
  if (at < 0)
    throw new BackupRefused(
      `The backup's database schema (${schema.migration}) is not one this release knows: restore it with the release that made it.`,
    );
  return migrations.slice(at + 1).map((m) => m.tag);
}

export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
