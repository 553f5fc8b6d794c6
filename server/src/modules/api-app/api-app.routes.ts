import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiApp, apiAppUpdate, apiSecret, envelopeOf, platformKey } from "../../../../contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { ok } from "../../plugins/envelope";
import { getApiApp, rotatePlatformKey, rotateSecret, updateApiApp } from "./api-app.service";

const tags = ["api-settings"];
const show = { access: { resource: "api-settings", action: "show" } } as const;
const edit = { access: { resource: "api-settings", action: "edit" } } as const;
/** A new secret or key is access to the merchant's money: the caller's current code too (step-up). */
const rotate = { ...edit, stepUp: true } as const;

/** API Settings (admin only): the merchant's Open API application, its keys and its callback addresses. */
export async function apiAppRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/merchant/api/app",
    { config: show, schema: { tags, response: { 200: envelopeOf(apiApp) } } },
    async (request) => ok(request, await getApiApp(deps, caller(request).merchantId)),
  );

  r.put(
    "/merchant/api/app",
    { config: edit, schema: { tags, body: apiAppUpdate, response: { 200: envelopeOf(apiApp) } } },
    async (request) => ok(request, await updateApiApp(deps, caller(request).merchantId, request.body)),
  );

  // The only answer that ever carries the secret; request bodies and answers are not logged.
  r.post(
    "/merchant/api/app/secret",
    { config: rotate, schema: { tags, response: { 200: envelopeOf(apiSecret) } } },
    async (request) => ok(request, await rotateSecret(deps, caller(request).merchantId)),
  );

  r.post(
    "/merchant/api/app/keys",
    { config: rotate, schema: { tags, response: { 200: envelopeOf(platformKey) } } },
    async (request) => ok(request, await rotatePlatformKey(deps, caller(request).merchantId)),
  );
}
