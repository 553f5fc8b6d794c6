import type { FastifyInstance } from "fastify";
import { overviewCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { getOverview } from "./overview.service";

export function overviewRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, overviewCalls.one, ({ request, query }) => getOverview(deps, caller(request), query, request.language));
}
