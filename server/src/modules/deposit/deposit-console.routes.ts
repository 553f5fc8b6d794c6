import type { FastifyInstance } from "fastify";
import { consoleDepositCalls, paymentCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { sendFile } from "../upload/upload.routes";
import { approveFromConsole, depositProof, listConsoleDeposits, rejectFromConsole } from "./deposit-console";
import { listAllBankAccounts, listGateways, saveBankAccount, saveGateway } from "./payment-console";

/** The console's deposit review (the guard checks deposits:list, :show and :edit). */
export function depositConsoleRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, consoleDepositCalls.list, ({ query }) => listConsoleDeposits(deps, query));
  serve(app, consoleDepositCalls.proof, async ({ reply, params }) =>
    sendFile(reply, await depositProof(deps, params.id)),
  );
  serve(app, consoleDepositCalls.approve, ({ request, params, body }) =>
    approveFromConsole(deps, staffCaller(request), params.id, body.rate),
  );
  serve(app, consoleDepositCalls.reject, ({ request, params, body }) =>
    rejectFromConsole(deps, staffCaller(request), params.id, body.reason),
  );
  // Payments: receiving bank accounts and payment methods (payments:list, :create, :edit).
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
