import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { type Health, PRODUCT_NAME, systemCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { pingDatabase } from "../../db/connection";
import { serve } from "../../plugins/serve";
import { openApiReferencePage } from "./open-api-reference";

/** A probe's answer is reused this long, so a monitor hammering health does not hammer the disk. */
const STORAGE_PROBE_MS = 5000;

/** Whether a file can be written (and removed) in the data folder: a full or read-only disk says no. */
async function dataDirWritable(dir: string): Promise<boolean> {
  const probe = path.join(dir, `.health-${process.pid}`);
  return mkdir(dir, { recursive: true })
    .then(() => writeFile(probe, "ok"))
    .then(() => rm(probe, { force: true }))
    .then(
      () => true,
      () => false,
    );
}

export function systemRoutes(app: FastifyInstance, deps: AppDeps) {
  let lastProbe: { at: number; writable: Promise<boolean> } | null = null;
  const storageWritable = () => {
    const now = Date.now();
    if (!lastProbe || now - lastProbe.at >= STORAGE_PROBE_MS)
      lastProbe = { at: now, writable: dataDirWritable(deps.config.dataDir) };
    return lastProbe.writable;
  };

  serve(app, systemCalls.health, async ({ request, reply }) => {
    const [latencyMs, writable] = await Promise.all([
      pingDatabase(deps.db).catch((error: unknown) => {
        request.log.warn({ err: error }, "database ping failed");
        return null;
      }),
      storageWritable(),
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
    const data: Health = {
      status: problem ? "degraded" : "ok",
      database: { engine: deps.engine, status: latencyMs === null ? "down" : "up", latencyMs },
      storage: { status: writable ? "writable" : "unwritable" },
      load: { status: overloaded ? "overloaded" : "ok" },
    };
    if (problem) return reply.code(503).send({ code: 503, message: request.t(problem), data });
    return data;
  });

  serve(app, systemCalls.openApiReference, async ({ reply }) =>
    reply.type("text/html; charset=utf-8").send(await openApiReferencePage()),
  );

  serve(app, systemCalls.publicConfig, async () => {
    const { CHAT_WIDGET_SCRIPT_URL: scriptUrl, CHAT_WIDGET_SETTINGS: settings } = deps.config;
    return { productName: PRODUCT_NAME, chatWidget: scriptUrl ? { scriptUrl, settings } : null };
  });
}
