import type { FastifyInstance } from "fastify";
import { depositCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { bankAccountsFor } from "./bank-account.service";
import { createDeposit, listDeposits } from "./deposit.service";

/** Recharge History; the reseller approves deposits with the operator CLI. */
export function depositRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, depositCalls.list, ({ request, query }) => listDeposits(deps, caller(request), query));
  serve(app, depositCalls.bankAccounts, ({ request }) => bankAccountsFor(deps, caller(request)));
  serve(app, depositCalls.create, ({ request, body }) => createDeposit(deps, caller(request), body));
}
