import type { FastifyInstance } from "fastify";
import { apiSettingsCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { listApiRequests } from "../openapi/request-log";
import { getApiApp, revokePreviousSecret, rotatePlatformKey, rotateSecret, updateApiApp } from "./api-settings.service";

/** API Settings (admin only): the merchant's Open API application, its keys and its callback addresses. */
export function apiSettingsRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, apiSettingsCalls.one, ({ request }) => getApiApp(deps, caller(request).merchantId));
  serve(app, apiSettingsCalls.update, ({ request, body }) => updateApiApp(deps, caller(request), body));
  // Request bodies and answers are never logged (app.ts), so the secret stays in this answer.
  serve(app, apiSettingsCalls.rotateSecret, ({ request, body }) => rotateSecret(deps, caller(request), body));
  serve(app, apiSettingsCalls.revokePreviousSecret, ({ request }) => revokePreviousSecret(deps, caller(request)));
  serve(app, apiSettingsCalls.requests, ({ request, query }) =>
    listApiRequests(deps, caller(request).merchantId, query),
  );
  serve(app, apiSettingsCalls.rotateKey, ({ request }) => rotatePlatformKey(deps, caller(request)));
}
