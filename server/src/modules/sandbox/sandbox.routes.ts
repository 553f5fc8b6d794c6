import type { FastifyInstance } from "fastify";
import { apiSettingsCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { getSandboxBalance, resetSandboxBalance } from "./sandbox.service";

/** The sandbox's play balance, under API Settings (the rest of the sandbox is API Settings with `environment`). */
export function sandboxRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, apiSettingsCalls.sandboxBalance, ({ request }) => getSandboxBalance(deps, caller(request)));
  serve(app, apiSettingsCalls.resetSandboxBalance, ({ request }) => resetSandboxBalance(deps, caller(request)));
}
