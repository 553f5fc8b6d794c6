import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FileStorage, localFileStorage } from "../../server/src/lib/file-storage";

describe("localFileStorage", () => {
  let root: string;
  let storage: FileStorage;
  beforeEach(() => {
    root = path.join(mkdtempSync(path.join(tmpdir(), "mp-storage-")), "files");
    storage = localFileStorage(root);
  });
  afterEach(() => rmSync(path.dirname(root), { recursive: true, force: true }));

  const allFiles = () =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)));

  it("keys bytes by their SHA-256 under ab/cd/ and gives them back", async () => {
    const bytes = Buffer.from("proof of payment");
    const key = await storage.put(bytes);
    expect(key).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(allFiles()).toEqual([path.join(key.slice(0, 2), key.slice(2, 4), key)]);
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
  });

  it("keeps one copy of the same bytes, even when stored at the same moment, and leaves no temp files", async () => {
    const bytes = Buffer.alloc(256 * 1024, 7);
    const keys = await Promise.all(Array.from({ length: 8 }, () => storage.put(bytes)));
    expect(new Set(keys).size).toBe(1);
    expect(allFiles()).toHaveLength(1);
    expect((await storage.get(keys[0]!))?.equals(bytes)).toBe(true);
  });

  it("answers null for unknown keys and for anything that is not a key (no path escapes)", async () => {
    expect(await storage.get("0".repeat(64))).toBeNull();
    expect(await storage.get("../../etc/passwd")).toBeNull();
    expect(await storage.get("AB".repeat(32))).toBeNull();
  });

  it("deletes, and deleting twice is not an error", async () => {
    const key = await storage.put(Buffer.from("x"));
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });
});
