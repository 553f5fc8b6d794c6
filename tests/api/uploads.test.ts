import { existsSync, readdirSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { UPLOAD_MAX_BYTES } from "#contracts";
import { files } from "../../server/src/db/schema";
import { contentKey } from "../../server/src/lib/file-storage";
import { call, closeTestApp, EN, expectFailure, expectOk, type Lang, M, userRow, ZH } from "../support/api-helpers";
import { startTestApp, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

const UPLOAD = "/portal/merchant/api/upload/image";
const fileUrl = (id: number | string) => `/portal/merchant/api/upload/file/${id}`;

/** Written out here so a changed translation fails a test (see api-helpers' M). */
const U = {
  missing: { [EN]: "Please choose a file to upload", [ZH]: "请选择要上传的文件" },
  empty: { [EN]: "The file is empty", [ZH]: "文件为空" },
  tooLarge: { [EN]: "The file is too large; the limit is 10 MB", [ZH]: "文件过大，大小上限为 10 MB" },
  type: {
    [EN]: "Only PNG, JPEG, WebP images and PDF files can be uploaded",
    [ZH]: "只能上传 PNG、JPEG、WebP 图片和 PDF 文件",
  },
  notFound: { [EN]: "No such file", [ZH]: "文件不存在" },
} as const;

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), Buffer.from("JFIF\0rest")]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x1a, 0, 0, 0]), Buffer.from("WEBPVP8L-bytes")]);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n", "latin1");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(62, 0x90), Buffer.from("This program cannot be run")]);
const ELF = Buffer.concat([Buffer.from([0x7f]), Buffer.from("ELF"), Buffer.from([2, 1, 1, 0]), Buffer.alloc(8)]);

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, as a browser's FormData would send it. */
function multipart(parts: Part[]) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += "\r\n";
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.data), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const filePart = (data: Buffer, filename: string, contentType = "application/octet-stream"): Part => ({
  name: "file",
  data,
  filename,
  contentType,
});

interface Uploaded {
  fileId: number;
  url: string;
  contentType: string;
  size: number;
}

describe.each(engines)("uploads on %s", (engine) => {
  let t: TestApp;
  let m: TestMerchant;
  let other: TestMerchant;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(engine);
    m = await t.merchant();
    other = await t.merchant();
    for (const role of ["admin", "operator", "finance"] as const) tokens[role] = await t.login(m.users[role].username);
    tokens.other = await t.login(other.users.admin.username);
  });
  afterAll(() => closeTestApp(t));

  const upload = (parts: Part[], { token = tokens.finance, lang = EN }: { token?: string; lang?: Lang } = {}) => {
    const body = multipart(parts);
    return call(t, "POST", UPLOAD, { token, lang, payload: body.payload, headers: body.headers });
  };
  const uploadOk = async (part: Part, token = tokens.finance) =>
    expectOk<Uploaded>(await upload([part], { token }), EN);
  const fileRow = async (id: number) => (await t.deps.db.select().from(files).where(eq(files.id, id)))[0];
  const storedBlobs = () => {
    const root = path.join(t.deps.config.dataDir, "files");
    if (!existsSync(root)) return [];
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  };

  it("keeps a PNG for the merchant and answers its id, url, detected type and size", async () => {
    const data = await uploadOk(filePart(PNG, "proof.png", "image/png"));
    expect(data).toEqual({
      fileId: data.fileId,
      url: fileUrl(data.fileId),
      contentType: "image/png",
      size: PNG.length,
    });
    const row = await fileRow(data.fileId);
    const { merchantId } = await userRow(t, m.users.finance.id);
    expect(row).toMatchObject({
      merchantId,
      uploadedBy: m.users.finance.id,
      contentType: "image/png",
      size: PNG.length,
      originalName: "proof.png",
    });
    expect(row?.storageKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it("accepts JPEG, WebP and PDF (admins too), whatever the client says the type is", async () => {
    for (const [bytes, type] of [
      [JPEG, "image/jpeg"],
      [WEBP, "image/webp"],
      [PDF, "application/pdf"],
    ] as const) {
      const data = await uploadOk(filePart(bytes, "scan", "text/plain"), tokens.admin);
      expect(data).toMatchObject({ contentType: type, size: bytes.length });
    }
  });

  it("goes by the bytes, not the name: a PNG named .pdf is a PNG", async () => {
    const data = await uploadOk(filePart(PNG, "receipt.pdf", "application/pdf"));
    expect(data.contentType).toBe("image/png");
    expect((await fileRow(data.fileId))?.contentType).toBe("image/png");
  });

  it("refuses an executable named .png, in the caller's language", async () => {
    for (const lang of [EN, ZH] as const) {
      expectFailure(await upload([filePart(EXE, "photo.png", "image/png")], { lang }), 400, U.type[lang]);
      expectFailure(await upload([filePart(ELF, "photo.png", "image/png")], { lang }), 400, U.type[lang]);
    }
  });

  it("refuses an empty file and a request without a `file` part", async () => {
    for (const lang of [EN, ZH] as const) {
      expectFailure(await upload([filePart(Buffer.alloc(0), "empty.png", "image/png")], { lang }), 400, U.empty[lang]);
      expectFailure(await upload([{ name: "remarks", data: "hello" }], { lang }), 400, U.missing[lang]);
      expectFailure(await upload([{ ...filePart(PNG, "a.png"), name: "image" }], { lang }), 400, U.missing[lang]);
      expectFailure(await upload([], { lang }), 400, U.missing[lang]);
    }
    const json = await call(t, "POST", UPLOAD, { token: tokens.finance, lang: EN, payload: { file: "x" } });
    expectFailure(json, 400, U.missing[EN]);
  });

  it("takes fields around the file part", async () => {
    const res = await upload([
      { name: "purpose", data: "deposit" },
      filePart(PNG, "p.png"),
      { name: "after", data: "x" },
    ]);
    expect(expectOk<Uploaded>(res, EN).contentType).toBe("image/png");
  });

  it("accepts exactly 10 MB and refuses 11 MB with 413 and the limit in words", async () => {
    const atLimit = Buffer.alloc(UPLOAD_MAX_BYTES, 0);
    PDF.copy(atLimit);
    expect(await uploadOk(filePart(atLimit, "big.pdf"))).toMatchObject({ size: UPLOAD_MAX_BYTES });

    const tooBig = Buffer.alloc(11 * 1024 * 1024, 0);
    PNG.copy(tooBig);
    const before = (await t.deps.db.select().from(files)).length;
    for (const lang of [EN, ZH] as const) {
      expectFailure(await upload([filePart(tooBig, "huge.png", "image/png")], { lang }), 413, U.tooLarge[lang]);
    }
    expect((await t.deps.db.select().from(files)).length).toBe(before);
  });

  it("lets finance and admin upload, not operators (read-only), and nobody signed out", async () => {
    expectFailure(await upload([filePart(PNG, "a.png")], { token: tokens.operator }), 403, M.forbidden[EN]);
    const body = multipart([filePart(PNG, "a.png")]);
    const res = await call(t, "POST", UPLOAD, { lang: EN, payload: body.payload, headers: body.headers });
    expectFailure(res, 401, M.unauthenticated[EN]);
    await uploadOk(filePart(PNG, "a.png"), tokens.admin);
    await uploadOk(filePart(PNG, "a.png"), tokens.finance);
  });

  it("serves the exact bytes and type to every user of the merchant, with safe headers", async () => {
    const { fileId, url } = await uploadOk(filePart(JPEG, "bank slip;收据 (1).pdf", "application/pdf"));
    for (const role of ["admin", "operator", "finance"] as const) {
      const res = await call(t, "GET", url, { token: tokens[role], lang: EN });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(JPEG)).toBe(true);
      expect(res.headers).toMatchObject({
        "content-type": "image/jpeg",
        "content-disposition": 'inline; filename="bank_slip_1_.jpg"',
        "x-content-type-options": "nosniff",
        "cache-control": "private, max-age=3600",
      });
    }
    expect((await fileRow(fileId))?.originalName).toBe("bank slip;收据 (1).pdf");
  });

  it("answers 404 for another merchant's file (not 403) and for no file, 401 when signed out", async () => {
    const { fileId, url } = await uploadOk(filePart(PDF, "statement.pdf"));
    for (const lang of [EN, ZH] as const) {
      expectFailure(await call(t, "GET", url, { token: tokens.other, lang }), 404, U.notFound[lang]);
      expectFailure(
        await call(t, "GET", fileUrl(fileId + 1000), { token: tokens.finance, lang }),
        404,
        U.notFound[lang],
      );
    }
    expectFailure(await call(t, "GET", url, { lang: EN }), 401, M.unauthenticated[EN]);
    const res = await call(t, "GET", url, { token: tokens.finance, lang: EN });
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it("answers a full disk with a translated 507 and leaves no partial file behind", async () => {
    // The disk fills up halfway through the write: what ENOSPC looks like to the server.
    const probe = await open(path.join(tmpdir(), `mp-probe-${process.pid}`), "w");
    const fileHandle = Object.getPrototypeOf(probe) as FileHandle;
    await probe.close();
    const full = vi.spyOn(fileHandle, "writeFile").mockImplementationOnce(async function (this: FileHandle, data) {
      await this.write((data as Buffer).subarray(0, 8));
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    });
    try {
      const bytes = Buffer.concat([PNG, Buffer.from(`disk-full-${engine}`)]);
      for (const [lang, message] of [
        [EN, "The data folder cannot be written (full or read-only disk)"],
        [ZH, "数据目录无法写入（磁盘已满或只读）"],
      ] as const) {
        if (lang === ZH)
          full.mockImplementationOnce(async () => Promise.reject(Object.assign(new Error("EROFS"), { code: "EROFS" })));
        expectFailure(await upload([filePart(bytes, "proof.png")], { lang }), 507, message);
      }
      expect(storedBlobs().filter((name) => name.endsWith(".tmp") || name === contentKey(bytes))).toEqual([]);
      // Once the disk has room again, the same upload works.
      expect((await uploadOk(filePart(bytes, "proof.png"))).size).toBe(bytes.length);
    } finally {
      full.mockRestore();
    }
  });

  it("stores the same bytes once on disk, with a row per upload", async () => {
    const bytes = Buffer.concat([PNG, Buffer.from(`unique ${engine} ${Date.now()}`)]);
    const blobsBefore = storedBlobs().length;
    const first = await uploadOk(filePart(bytes, "one.png"));
    const second = await uploadOk(filePart(bytes, "two.png"), tokens.admin);
    const fromOther = await uploadOk(filePart(bytes, "three.png"), tokens.other);
    expect(new Set([first.fileId, second.fileId, fromOther.fileId]).size).toBe(3);
    const rows = await Promise.all([first, second, fromOther].map((f) => fileRow(f.fileId)));
    expect(new Set(rows.map((r) => r?.storageKey)).size).toBe(1);
    expect(storedBlobs().length).toBe(blobsBefore + 1);
    const key = rows[0]!.storageKey;
    expect(storedBlobs()).toContain(key);
    // Each merchant reaches the bytes through its own row only.
    expectFailure(await call(t, "GET", first.url, { token: tokens.other, lang: EN }), 404, U.notFound[EN]);
    const own = await call(t, "GET", fromOther.url, { token: tokens.other, lang: EN });
    expect(own.rawPayload.equals(bytes)).toBe(true);
  });
});
