import type { FastifyInstance } from "fastify";
import { consoleDepositCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { sendFile } from "../upload/upload.routes";
import { approveFromConsole, depositProof, listConsoleDeposits, rejectFromConsole } from "./console-deposits.service";

/** The console's deposit review (the guard checks deposits:list, :show and :edit). */
export function consoleDepositsRoutes(app: FastifyInstance, deps: AppDeps) {
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
}
