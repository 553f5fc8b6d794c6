import type { FastifyInstance } from "fastify";
import { adjustmentCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { approveAdjustment, listAdjustments, rejectAdjustment, requestAdjustment } from "./console-adjustments.service";

/** Balance adjustments under four-eyes (adjustments:list, :create, :edit). */
export function consoleAdjustmentsRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, adjustmentCalls.list, ({ query }) => listAdjustments(deps, query));
  serve(app, adjustmentCalls.create, ({ request, body }) => requestAdjustment(deps, staffCaller(request), body));
  serve(app, adjustmentCalls.approve, ({ request, params }) =>
    approveAdjustment(deps, staffCaller(request), params.id),
  );
  serve(app, adjustmentCalls.reject, ({ request, params, body }) =>
    rejectAdjustment(deps, staffCaller(request), params.id, body.reason),
  );
}
