import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps";
import { envelopeOf, PRODUCT_NAME, publicConfig } from "../../contracts";
import { pingDatabase } from "../../db/connection";
import { ok } from "../../plugins/envelope";

const health = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({
    engine: z.enum(["pglite", "postgres"]),
    status: z.enum(["up", "down"]),
    latencyMs: z.number().nullable(),
  }),
});

export async function systemRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/health",
    {
      config: { public: true },
      schema: { tags: ["system"], response: { 200: envelopeOf(health), 503: envelopeOf(health) } },
    },
    async (request, reply) => {
      const latencyMs = await pingDatabase(deps.db).catch((error: unknown) => {
        request.log.warn({ err: error }, "database ping failed");
        return null;
      });
      const data = {
        status: latencyMs === null ? ("degraded" as const) : ("ok" as const),
        database: { engine: deps.engine, status: latencyMs === null ? ("down" as const) : ("up" as const), latencyMs },
      };
      if (latencyMs === null)
        return reply.code(503).send({ code: 503, message: request.t("errors.databaseUnavailable"), data });
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
