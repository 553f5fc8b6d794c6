import type { FastifyInstance } from "fastify";
import { ledgerCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { currentBalance, listLedger } from "./ledger-list.service";

/** Funds Details: the balance ledger, read-only (entries are written by orders and deposits). */
export function ledgerRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, ledgerCalls.list, ({ request, query }) => listLedger(deps, caller(request), query, request.language));
  serve(app, ledgerCalls.balance, ({ request }) => currentBalance(deps, caller(request)));
}
