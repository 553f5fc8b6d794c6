import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeOf, PRODUCT_NAME, publicConfig } from "../../../../contracts";
import type { AppDeps } from "../../app-deps";
import { pingDatabase } from "../../db/connection";
import { ok } from "../../plugins/envelope";

const health = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({
    engine: z.enum(["pglite", "postgres"]),
    status: z.enum(["up", "down"]),
    latencyMs: z.number().nullable(),
  }),
  /** The data folder (uploads, exports, the embedded database): a full or read-only disk shows here. */
  storage: z.object({ status: z.enum(["writable", "unwritable"]) }),
  /** "overloaded" while the server answers other calls 503 (plugins/overload). */
  load: z.object({ status: z.enum(["ok", "overloaded"]) }),
});

/** A probe's answer is reused this long, so a monitor hammering health does not hammer the disk. */
const STORAGE_PROBE_MS = 5000;
let lastProbe: { dir: string; at: number; writable: boolean } | null = null;

/** Whether a file can be written (and removed) in the data folder: a full or read-only disk says no. */
async function dataDirWritable(dir: string): Promise<boolean> {
  const now = Date.now();
  if (lastProbe?.dir === dir && now - lastProbe.at < STORAGE_PROBE_MS) return lastProbe.writable;
  const probe = path.join(dir, `.health-${process.pid}`);
  const writable = await mkdir(dir, { recursive: true })
    .then(() => writeFile(probe, "ok"))
    .then(() => rm(probe, { force: true }))
    .then(
      () => true,
      () => false,
    );
  lastProbe = { dir, at: now, writable };
  return writable;
}

export async function systemRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/health",
    {
      config: { public: true, reportsOverload: true },
      schema: { tags: ["system"], response: { 200: envelopeOf(health), 503: envelopeOf(health) } },
    },
    async (request, reply) => {
      const [latencyMs, writable] = await Promise.all([
        pingDatabase(deps.db).catch((error: unknown) => {
          request.log.warn({ err: error }, "database ping failed");
          return null;
        }),
        dataDirWritable(deps.config.dataDir),
      ]);
      const overloaded = app.isUnderPressure();
      // The first problem names the answer; any problem makes it a 503, so monitors and balancers act on it.
      const problem =
        latencyMs === null
          ? "errors.databaseUnavailable"
          : !writable
            ? "errors.storageUnwritable"
            : overloaded
              ? "errors.overloaded"
              : null;
      const data = {
        status: problem ? ("degraded" as const) : ("ok" as const),
        database: { engine: deps.engine, status: latencyMs === null ? ("down" as const) : ("up" as const), latencyMs },
        storage: { status: writable ? ("writable" as const) : ("unwritable" as const) },
        load: { status: overloaded ? ("overloaded" as const) : ("ok" as const) },
      };
      if (problem) return reply.code(503).send({ code: 503, message: request.t(problem), data });
      return ok(request, data);
    },
  );

  r.get(
    "/merchant/api/public/config",
    { config: { public: true }, schema: { tags: ["system"], response: { 200: envelopeOf(publicConfig) } } },
    async (request) => {
      const { CHAT_WIDGET_SCRIPT_URL: scriptUrl, CHAT_WIDGET_SETTINGS: settings } = deps.config;
      return ok(request, { productName: PRODUCT_NAME, chatWidget: scriptUrl ? { scriptUrl, settings } : null });
    },
  );
}
