import type { FastifyInstance } from "fastify";
import { apiSettingsCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { listDeliveries, listDeliveryAttempts, resendDelivery } from "./delivery.service";

/** The delivery log under API settings (admins only, as the rest of API settings). */
export function deliveryRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, apiSettingsCalls.deliveries, ({ request, query }) =>
    listDeliveries(deps, caller(request), query, request.language),
  );
  serve(app, apiSettingsCalls.resend, ({ request, params }) =>
    resendDelivery(deps, caller(request), params.id, request.language),
  );
  serve(app, apiSettingsCalls.attempts, ({ request, params }) =>
    listDeliveryAttempts(deps, caller(request), params.id, request.language),
  );
}
