import type { FastifyInstance } from "fastify";
import { apiSettingsCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { listApiRequests } from "../openapi/request-log";
import { requestedAppOwner } from "../sandbox/sandbox.routes";
import { getApiApp, revokePreviousSecret, rotatePlatformKey, rotateSecret, updateApiApp } from "./api-settings.service";

/**
 * API Settings (admin only): the merchant's Open API application, its keys and its callback addresses; each
 * call names the live application or the sandbox's (`environment`), which the server resolves to its merchant.
 */
export function apiSettingsRoutes(app: FastifyInstance, deps: AppDeps) {
  const owner = requestedAppOwner(deps);
  serve(app, apiSettingsCalls.one, async ({ request, query }) => getApiApp(deps, await owner(request, query)));
  serve(app, apiSettingsCalls.update, async ({ request, query, body }) =>
    updateApiApp(deps, caller(request), await owner(request, query), body),
  );
  // Request bodies and answers are never logged (app.ts), so the secret stays in this answer.
  serve(app, apiSettingsCalls.rotateSecret, async ({ request, query, body }) =>
    rotateSecret(deps, caller(request), await owner(request, query), body),
  );
  serve(app, apiSettingsCalls.revokePreviousSecret, async ({ request, query }) =>
    revokePreviousSecret(deps, caller(request), await owner(request, query)),
  );
  serve(app, apiSettingsCalls.requests, async ({ request, query }) =>
    listApiRequests(deps, await owner(request, query), query),
  );
  serve(app, apiSettingsCalls.rotateKey, async ({ request, query }) =>
    rotatePlatformKey(deps, caller(request), await owner(request, query)),
  );
}
