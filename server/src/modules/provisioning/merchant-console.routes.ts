import type { FastifyInstance } from "fastify";
import { consoleMerchantCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { getApiApp } from "../api-settings/api-settings.service";
import { createMember } from "../member/member.service";
import { resetMemberMfa, setMemberEnabled } from "../member/member-actions.service";
import {
  consoleMerchant,
  createConsoleMerchant,
  listConsoleMerchants,
  merchantUsers,
  setMerchantStatus,
  staffActing,
  updateConsoleMerchant,
} from "./merchant-console";

/** The console's merchants and their users (merchants:list, :show, :create, :edit). */
export function merchantConsoleRoutes(app: FastifyInstance, deps: AppDeps) {
  const calls = consoleMerchantCalls;
  serve(app, calls.list, ({ query }) => listConsoleMerchants(deps, query));
  serve(app, calls.one, ({ params }) => consoleMerchant(deps, params.id));
  serve(app, calls.create, ({ request, body }) => createConsoleMerchant(deps, staffCaller(request), body));
  serve(app, calls.update, ({ request, params, body }) =>
    updateConsoleMerchant(deps, staffCaller(request), params.id, body),
  );
  serve(app, calls.setStatus, ({ request, params, body }) =>
    setMerchantStatus(deps, staffCaller(request), params.id, body.status),
  );
  serve(app, calls.apiSettings, async ({ params }) => {
    await consoleMerchant(deps, params.id);
    return getApiApp(deps, params.id);
  });
  serve(app, calls.users, ({ params }) => merchantUsers(deps, params.id));
  serve(app, calls.createUser, async ({ request, params, body }) =>
    createMember(deps, await staffActing(deps, staffCaller(request), params.id), body),
  );
  serve(app, calls.resetUserMfa, async ({ request, params }) =>
    resetMemberMfa(deps, await staffActing(deps, staffCaller(request), params.id), params.userId),
  );
  serve(app, calls.setUserStatus, async ({ request, params, body }) =>
    setMemberEnabled(deps, await staffActing(deps, staffCaller(request), params.id), params.userId, body.enabled),
  );
}
