import type { FastifyInstance } from "fastify";
import { routeCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { clearFlags, listRoutedSkus, setRoutes } from "./console-routes.service";

/** SKU routes in the console (routes:list/edit, per the contracts). */
export function consoleRoutesRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, routeCalls.routedSkus, ({ request, query }) => listRoutedSkus(deps, query, request.language));
  serve(app, routeCalls.setRoutes, ({ request, params, body }) =>
    setRoutes(deps, staffCaller(request), params.id, body, request.language),
  );
  serve(app, routeCalls.clearFlags, ({ request, params }) =>
    clearFlags(deps, staffCaller(request), params.id, request.language),
  );
}
