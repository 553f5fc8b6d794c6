import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { depositCalls, UPLOAD_MAX_BYTES } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { Failure, fail } from "../../lib/failure";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { readUpload, type StoredFile, saveUpload, uploadTooLarge } from "./upload.service";

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters a file name may not keep.
const UNSAFE_IN_FILENAME = /[\u0000-\u001f\u007f"\\]/g;
/** Rows never change (a new upload is a new id), so the browser may keep a copy; `private`: never a proxy. */
const CACHE_SECONDS = 3600;

/**
 * Proofs of payment (the deposit form's permissions, see depositCalls). The browser fetches the bytes with the
 * usual Authorization header and shows them as an object URL.
 */
export async function uploadRoutes(app: FastifyInstance, deps: AppDeps) {
  // Only this scope parses multipart; one file of at most UPLOAD_MAX_BYTES and a few fields, held in memory.
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });

  serve(app, depositCalls.upload, async ({ request }) => {
    const who = caller(request);
    return saveUpload(deps, who, await readFilePart(app, request));
  });

  serve(app, depositCalls.file, async ({ request, reply, params }) => {
    return sendFile(reply, await readUpload(deps, caller(request).merchantId, params.id));
  });
}

/** A stored file, shown inline (images and PDF), never sniffed as something else, cached by this browser only. */
export function sendFile(reply: FastifyReply, file: StoredFile) {
  return reply
    .type(file.contentType)
    .header("content-disposition", `inline; filename="${file.filename}"`)
    .header("x-content-type-options", "nosniff")
    .header("cache-control", `private, max-age=${CACHE_SECONDS}`)
    .send(file.bytes);
}

/** The `file` part's bytes and name; the size limit becomes our 413 with a sentence naming the limit. */
async function readFilePart(app: FastifyInstance, request: FastifyRequest) {
  if (!request.isMultipart()) throw fail("uploadMissing");
  try {
    // Fields may come before the file; the first file is the only one allowed (limits.files), and it must be
    // the `file` field.
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      if (part.fieldname !== "file") break;
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw uploadTooLarge();
      // The name is only shown back (in Content-Disposition): control characters, quotes and backslashes go.
      return { bytes, filename: (part.filename ?? "").replace(UNSAFE_IN_FILENAME, "") };
    }
  } catch (error) {
    if (error instanceof Failure) throw error;
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw uploadTooLarge();
    // Anything else here is the body itself: a missing boundary, a truncated or malformed form.
    throw fail("uploadMalformed");
  }
  throw fail("uploadMissing");
}
