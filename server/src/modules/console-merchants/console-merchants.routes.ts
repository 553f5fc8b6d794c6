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
} from "./console-merchants.service";

/** The console's merchants and their users (merchants:list, :show, :create, :edit). */
export function consoleMerchantsRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, consoleMerchantCalls.list, ({ query }) => listConsoleMerchants(deps, query));
  serve(app, consoleMerchantCalls.one, ({ params }) => consoleMerchant(deps, params.id));
  serve(app, consoleMerchantCalls.create, ({ request, body }) =>
    createConsoleMerchant(deps, staffCaller(request), body),
  );
  serve(app, consoleMerchantCalls.update, ({ request, params, body }) =>
    updateConsoleMerchant(deps, staffCaller(request), params.id, body),
  );
  serve(app, consoleMerchantCalls.setStatus, ({ request, params, body }) =>
    setMerchantStatus(deps, staffCaller(request), params.id, body.status),
  );
  serve(app, consoleMerchantCalls.apiSettings, async ({ params }) => {
    await consoleMerchant(deps, params.id);
    return getApiApp(deps, params.id);
  });
  serve(app, consoleMerchantCalls.users, ({ params }) => merchantUsers(deps, params.id));
  serve(app, consoleMerchantCalls.createUser, async ({ request, params, body }) =>
    createMember(deps, await staffActing(deps, staffCaller(request), params.id), body),
  );
  serve(app, consoleMerchantCalls.resetUserMfa, async ({ request, params }) =>
    resetMemberMfa(deps, await staffActing(deps, staffCaller(request), params.id), params.userId),
  );
  serve(app, consoleMerchantCalls.setUserStatus, async ({ request, params, body }) =>
    setMemberEnabled(deps, await staffActing(deps, staffCaller(request), params.id), params.userId, body.enabled),
  );
}
