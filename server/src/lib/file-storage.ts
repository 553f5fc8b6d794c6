import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable, Writable } from "node:stream";

/**
 * Where uploaded bytes live. Keys are content addresses (the SHA-256 of the bytes, hex), so storing the same
 * bytes twice keeps one copy and a key can never point at other content. Who may read a file is decided by the
 * database row that names the key, never here.
 *
 * S3-compatible storage replaces the local disk by implementing the same three calls: `put` hashes the bytes
 * and sends a PutObject to `<prefix>/ab/cd/<sha256>` (a HEAD first skips bytes already there; PutObject is
 * atomic on its own), `get` is a GetObject answering null on NoSuchKey, `delete` a DeleteObject. Only the
 * factory in app-deps chooses between them.
 */
export interface FileStorage {
  /** Stores the bytes (idempotent: the same bytes give the same key) and answers their key. */
  put(bytes: Buffer): Promise<string>;
  /** The bytes under a key, or null when there are none (or the key is not one this storage makes). */
  get(key: string): Promise<Buffer | null>;
  /**
   * Removes the bytes; a missing key is not an error. Callers must check no other row still names the key.
   * Also takes named keys (see `createWriteStream`).
   */
  delete(key: string): Promise<void>;
  /**
   * A file written as it goes under a named key (`exports/<name>`, see `namedKeyPattern`), for files too big to
   * hold in memory (exports). Unlike content keys, the caller chooses the name and owns its lifetime. On S3:
   * a multipart upload.
   */
  createWriteStream(key: string): Writable;
  /** The bytes under a named key as a stream, or null when there is no such file. */
  readStream(key: string): Promise<Readable | null>;
}

const keyPattern = /^[0-9a-f]{64}$/;
/** Named keys: one folder level, plain names, so a key can never climb out of the storage root. */
export const namedKeyPattern = /^exports\/[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

export const contentKey = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/**
 * Files under `<root>/ab/cd/<sha256>` (two levels of fan-out keep folders small). The folder is made on the
 * first write, so the CLI and worker, which never upload, leave no trace in DATA_DIR.
 */
export function localFileStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, key.slice(0, 2), key.slice(2, 4), key);

  return {
    async put(bytes) {
      const key = contentKey(bytes);
      const target = fileOf(key);
      if (await exists(target)) return key;
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target, flushed, then renamed: a reader sees the whole file or none, and two
      // uploads of the same bytes at once both end with the same complete file.
      const temp = `${target}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
      // Whatever fails (a full disk mid-write, the rename), the partial temp file goes.
      const handle = await open(temp, "wx", 0o640);
      try {
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return key;
    },

    async get(key) {
      if (!keyPattern.test(key)) return null;
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    async delete(key) {
      if (keyPattern.test(key)) await rm(fileOf(key), { force: true });
      else if (namedKeyPattern.test(key)) await rm(path.join(root, key), { force: true });
    },

    createWriteStream(key) {
      if (!namedKeyPattern.test(key)) throw new Error(`not a named storage key: ${key}`);
      const target = path.join(root, key);
      mkdirSync(path.dirname(target), { recursive: true });
      return createWriteStream(target, { mode: 0o640 });
    },

    async readStream(key) {
      if (!namedKeyPattern.test(key)) return null;
      const file = path.join(root, key);
      return (await exists(file)) ? createReadStream(file) : null;
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
