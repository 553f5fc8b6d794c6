import type { FastifyInstance } from "fastify";
import { consoleStatisticsCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { serve } from "../../plugins/serve";
import { consoleStatistics } from "./console-statistics.service";

/** The reseller's statistics in the console (statistics:list). */
export function consoleStatisticsRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, consoleStatisticsCalls.get, ({ request, query }) => consoleStatistics(deps, query, request.language));
}
