import { and, eq } from "drizzle-orm";
import { depositCalls, PORTAL_BASE, pathOf, UPLOAD_MAX_BYTES, type UploadedFile } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { files } from "../../db/schema";
import { Failure, fail } from "../../lib/failure";
import { type DetectedType, detectFileType, fileExtension } from "../../lib/file-type";
import type { AuthContext } from "../auth/auth-context";

/** Where the browser loads an uploaded file (served to users of the owning merchant only). */
export const fileUrl = (fileId: number) => `${PORTAL_BASE}${pathOf(depositCalls.file, { id: fileId })}`;

export const uploadTooLarge = () => fail("uploadTooLarge", { max: Math.round(UPLOAD_MAX_BYTES / (1024 * 1024)) });

/**
 * Keeps an uploaded file for the caller's merchant. The type comes from the bytes alone: the name and the
 * client's Content-Type are not evidence (a PNG named `.pdf` is a PNG; an executable named `.png` is refused).
 */
export async function saveUpload(
  deps: AppDeps,
  who: AuthContext,
  upload: { bytes: Buffer; filename: string },
): Promise<UploadedFile> {
  if (upload.bytes.length === 0) throw fail("uploadEmpty");
  if (upload.bytes.length > UPLOAD_MAX_BYTES) throw uploadTooLarge();
  const contentType = detectFileType(upload.bytes);
  if (!contentType) throw fail("uploadType");

  // A full or read-only disk is the server's trouble, said plainly (507), not an unexplained 500.
  const storageKey = await deps.storage.put(upload.bytes).catch((error: unknown) => {
    throw new Failure("storageUnwritable", {}, { cause: error });
  });
  const [row] = await deps.db
    .insert(files)
    .values({
      merchantId: who.merchantId,
      storageKey,
      contentType,
      size: upload.bytes.length,
      originalName: [...upload.filename.trim()].slice(0, 200).join(""),
      uploadedBy: who.userId,
      createdAt: deps.clock.now(),
    })
    .returning({ id: files.id });
  if (!row) throw new Error("file row not inserted");
  return { fileId: row.id, url: fileUrl(row.id), contentType, size: upload.bytes.length };
}

export interface StoredFile {
  bytes: Buffer;
  contentType: DetectedType;
  /** A name safe to put in Content-Disposition, with the extension of the detected type. */
  filename: string;
}

/**
 * A file of this merchant (the caller's, or the deposit's a staff member reviews); another merchant's file is
 * "not found" (its existence is not confirmed).
 */
export async function readUpload(deps: AppDeps, merchantId: number, fileId: number): Promise<StoredFile> {
  const [row] = await deps.db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.merchantId, merchantId)));
  if (!row) throw fail("fileNotFound");
  const bytes = await deps.storage.get(row.storageKey);
  if (!bytes) throw fail("fileNotFound");
  // Detected from the bytes at upload; stored rows hold nothing else.
  const contentType = row.contentType as DetectedType;
  return { bytes, contentType, filename: safeFilename(row.originalName, contentType) };
}

/**
 * ASCII letters, digits, dot, dash and underscore only (no quotes, slashes or control characters can reach a
 * header), at most 100 characters, ending in the extension of what the file really is.
 */
export function safeFilename(original: string, contentType: DetectedType): string {
  const base = original
    .replace(/\.[^.]*$/, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(0, 100);
  return `${base || "file"}.${fileExtension[contentType]}`;
}
