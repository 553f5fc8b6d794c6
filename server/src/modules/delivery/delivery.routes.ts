import type { FastifyInstance } from "fastify";
import { deliveryCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { serve } from "../../plugins/serve";
import { requestedAppOwner } from "../sandbox/sandbox.routes";
import { listDeliveries, listDeliveryAttempts, resendDelivery, sendTestCallback } from "./delivery.service";

/** The delivery log under API settings (admins only, as the rest of API settings), of the live app or the sandbox. */
export function deliveryRoutes(app: FastifyInstance, deps: AppDeps) {
  const owner = requestedAppOwner(deps);
  serve(app, deliveryCalls.list, async ({ request, query }) =>
    listDeliveries(deps, await owner(request, query), query, request.language),
  );
  serve(app, deliveryCalls.resend, async ({ request, params, query }) =>
    resendDelivery(deps, await owner(request, query), params.id, request.language),
  );
  serve(app, deliveryCalls.attempts, async ({ request, params, query }) =>
    listDeliveryAttempts(deps, await owner(request, query), params.id, request.language),
  );
  serve(app, deliveryCalls.testCallback, async ({ request, query }) =>
    sendTestCallback(deps, await owner(request, query), query.environment, request.language),
  );
}
