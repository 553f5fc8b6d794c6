import type { FastifyInstance } from "fastify";
import { riskCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import {
  blockAccount,
  getRiskSettings,
  listBlocked,
  listRiskEvents,
  unblockAccount,
  updateRiskSettings,
} from "./console-risk.service";

/** The console's risk area (risk:list, risk:edit). */
export function consoleRiskRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, riskCalls.settings, () => getRiskSettings(deps));
  serve(app, riskCalls.updateSettings, ({ request, body }) => updateRiskSettings(deps, staffCaller(request), body));
  serve(app, riskCalls.blocked, ({ query }) => listBlocked(deps, query));
  serve(app, riskCalls.block, ({ request, body }) => blockAccount(deps, staffCaller(request), body));
  serve(app, riskCalls.unblock, ({ request, params }) => unblockAccount(deps, staffCaller(request), params.account));
  serve(app, riskCalls.events, ({ query }) => listRiskEvents(deps, query));
}
