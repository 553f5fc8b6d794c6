import type { FastifyInstance } from "fastify";
import { authCalls, mfaCode } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { fail } from "../../lib/failure";
import { caller, clientOf } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import {
  bindUserMfa,
  issueUserMfaKey,
  userInfo as loadUserInfo,
  login,
  unbindMfa,
  updatePassword,
} from "./auth.service";
import { revokeSession } from "./sessions.service";

export function authRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, authCalls.login, async ({ request, body }) => {
    const token = await login(deps, body, clientOf(request));
    return { tokenHead: "Bearer ", token };
  });
  serve(app, authCalls.userInfo, ({ request }) => loadUserInfo(deps, caller(request), request.t));
  serve(app, authCalls.logout, async ({ request }) => {
    await revokeSession(deps, caller(request).sessionId);
    return null;
  });
  serve(app, authCalls.mfaKey, ({ request }) => issueUserMfaKey(deps, caller(request)));
  serve(app, authCalls.bindMfa, async ({ request, body }) => {
    await bindUserMfa(deps, caller(request), body.mfaKey, body.captcha);
    return null;
  });
  serve(app, authCalls.unbindMfa, async ({ request, body }) => {
    const code = mfaCode.safeParse(body);
    if (!code.success) throw fail("captchaFormat");
    await unbindMfa(deps, caller(request), code.data, clientOf(request));
    return null;
  });
  serve(app, authCalls.updatePassword, async ({ request, body }) => {
    await updatePassword(deps, caller(request), body, clientOf(request));
    return null;
  });
}
