import type { FastifyInstance } from "fastify";
import { paymentCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { listAllBankAccounts, listGateways, saveBankAccount, saveGateway } from "./console-payments.service";

/** Payments: receiving bank accounts and payment methods (payments:list, :create, :edit). */
export function consolePaymentsRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, paymentCalls.bankAccounts, () => listAllBankAccounts(deps));
  serve(app, paymentCalls.createBankAccount, ({ request, body }) =>
    saveBankAccount(deps, staffCaller(request), null, body),
  );
  serve(app, paymentCalls.updateBankAccount, ({ request, params, body }) =>
    saveBankAccount(deps, staffCaller(request), params.id, body),
  );
  serve(app, paymentCalls.gateways, () => listGateways(deps));
  serve(app, paymentCalls.createGateway, ({ request, body }) => saveGateway(deps, staffCaller(request), null, body));
  serve(app, paymentCalls.updateGateway, ({ request, params, body }) =>
    saveGateway(deps, staffCaller(request), params.id, body),
  );
}
