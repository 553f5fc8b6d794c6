import type { FastifyInstance, FastifyRequest } from "fastify";
import { type ApiEnvironment, sandboxCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { appOwner, getSandboxBalance, resetSandboxBalance } from "./sandbox.service";

/** For an API Settings call: the merchant whose application it names (`environment`), the caller's or its sandbox. */
export const requestedAppOwner =
  (deps: AppDeps) =>
  (request: FastifyRequest, query: { environment: ApiEnvironment }): Promise<number> =>
    appOwner(deps, caller(request), query.environment);

/** The sandbox's play balance, under API Settings (the rest of the sandbox is API Settings with `environment`). */
export function sandboxRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, sandboxCalls.balance, ({ request }) => getSandboxBalance(deps, caller(request)));
  serve(app, sandboxCalls.resetBalance, ({ request }) => resetSandboxBalance(deps, caller(request)));
}
