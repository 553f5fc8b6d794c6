import type { FastifyInstance, FastifyRequest } from "fastify";
import { type ApiEnvironment, apiSettingsCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { appOwner } from "../sandbox/sandbox.service";
import { listDeliveries, listDeliveryAttempts, resendDelivery, sendTestCallback } from "./delivery.service";

/** The delivery log under API settings (admins only, as the rest of API settings), of the live app or the sandbox. */
export function deliveryRoutes(app: FastifyInstance, deps: AppDeps) {
  const owner = (request: FastifyRequest, query: { environment: ApiEnvironment }) =>
    appOwner(deps, caller(request), query.environment);
  serve(app, apiSettingsCalls.deliveries, async ({ request, query }) =>
    listDeliveries(deps, await owner(request, query), query, request.language),
  );
  serve(app, apiSettingsCalls.resend, async ({ request, params, query }) =>
    resendDelivery(deps, await owner(request, query), params.id, request.language),
  );
  serve(app, apiSettingsCalls.attempts, async ({ request, params, query }) =>
    listDeliveryAttempts(deps, await owner(request, query), params.id, request.language),
  );
  serve(app, apiSettingsCalls.testCallback, async ({ request, query }) =>
    sendTestCallback(deps, await owner(request, query), query.environment, request.language),
  );
}
