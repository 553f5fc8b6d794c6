import type { FastifyInstance } from "fastify";
import { depositCalls, ledgerCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { createDeposit, listDeposits } from "./deposit.service";
import { listLedger } from "./ledger-list.service";

/** Funds Details and Recharge History; the reseller approves deposits with the operator CLI. */
export function fundsRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, ledgerCalls.list, ({ request, query }) => listLedger(deps, caller(request), query, request.language));
  serve(app, depositCalls.list, ({ request, query }) => listDeposits(deps, caller(request), query));
  serve(app, depositCalls.create, ({ request, body }) => createDeposit(deps, caller(request), body));
}
