import { createHash, randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";

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
  /** Removes the bytes; a missing key is not an error. Callers must check no other row still names the key. */
  delete(key: string): Promise<void>;
}

const keyPattern = /^[0-9a-f]{64}$/;

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
      const handle = await open(temp, "wx", 0o640);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
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
      if (!keyPattern.test(key)) return;
      await rm(fileOf(key), { force: true });
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
