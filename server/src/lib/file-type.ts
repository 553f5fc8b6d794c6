import type { uploadContentTypes } from "#contracts";

/** The content types an upload may have (the contracts' list). */
export type DetectedType = (typeof uploadContentTypes)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The type of a file from its first bytes (magic numbers), never from its name or the client's claim: a name
 * and a Content-Type header are whatever the sender typed. Anything else answers null.
 */
export function detectFileType(bytes: Uint8Array): DetectedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  // SOI marker followed by the first marker's 0xFF (APP0/APP1/DQT... all start that way).
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  // RIFF container, 4 bytes of size, then the WEBP form type.
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  return null;
}

/** The usual extension of a detected type, so a served file's name matches what it really is. */
export const fileExtension: Record<DetectedType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "application/pdf": "pdf",
};
