import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeOf, UPLOAD_MAX_BYTES, uploadedFile } from "../../../../contracts";
import type { AppDeps } from "../../app-deps";
import { AppError, badRequest, fieldError } from "../../lib/errors";
import { caller } from "../../plugins/auth";
import { ok } from "../../plugins/envelope";
import { readUpload, saveUpload, uploadTooLarge } from "./upload.service";

const tags = ["upload"];
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters a file name may not keep.
const UNSAFE_IN_FILENAME = /[\u0000-\u001f\u007f"\\]/g;
const byId = z.object({
  id: z.coerce.number("validation.integer").int("validation.integer").positive("validation.integer"),
});
/** Rows never change (a new upload is a new id), so the browser may keep a copy; `private`: never a proxy. */
const CACHE_SECONDS = 3600;

/**
 * Proofs of payment. They serve the deposit form, so they carry its permissions: uploading is creating a
 * deposit's part, reading is seeing a deposit. The file call needs the usual Authorization header (no token in
 * the query string, which would land in logs): the browser fetches the bytes and shows them as an object URL.
 */
export async function uploadRoutes(app: FastifyInstance, deps: AppDeps) {
  // Only this scope parses multipart; one file of at most UPLOAD_MAX_BYTES and a few fields, held in memory.
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/merchant/api/upload/image",
    {
      config: { access: { resource: "fund-deposit", action: "create" } },
      schema: { tags, consumes: ["multipart/form-data"], response: { 200: envelopeOf(uploadedFile) } },
    },
    async (request) => {
      const who = caller(request);
      const upload = await readFilePart(app, request);
      return ok(request, await saveUpload(deps, who, upload));
    },
  );

  r.get(
    "/merchant/api/upload/file/:id",
    {
      config: { access: { resource: "fund-deposit", action: "show" } },
      schema: { tags, params: byId },
    },
    async (request, reply) => {
      const file = await readUpload(deps, caller(request), request.params.id);
      return reply
        .type(file.contentType)
        .header("content-disposition", `inline; filename="${file.filename}"`)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", `private, max-age=${CACHE_SECONDS}`)
        .send(file.bytes);
    },
  );
}

/** The `file` part's bytes and name; the size limit becomes our 413 with a sentence naming the limit. */
async function readFilePart(app: FastifyInstance, request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest("errors.uploadMissing");
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
    if (error instanceof AppError) throw error;
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw uploadTooLarge();
    // Anything else here is the body itself: a missing boundary, a truncated or malformed form.
    throw fieldError("file", "errors.uploadMalformed");
  }
  throw badRequest("errors.uploadMissing");
}
