import type { FastifyInstance } from "fastify";
import { consoleCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { clientOf, staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { revokeSession } from "../auth/sessions.service";
import { staffSessions } from "./staff.schema";
import { bindStaffMfa, issueStaffMfaKey, loginStaff, staffInfo, updateStaffPassword } from "./staff-auth.service";

/** The console's sign-in and the staff member's own account (the guard checks each call). */
export function consoleRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, consoleCalls.login, async ({ request, body }) => {
    const token = await loginStaff(deps, body, clientOf(request));
    return { tokenHead: "Bearer ", token };
  });
  serve(app, consoleCalls.me, ({ request }) => staffInfo(deps, staffCaller(request)));
  serve(app, consoleCalls.logout, async ({ request }) => {
    await revokeSession(deps, staffCaller(request).sessionId, staffSessions);
    return null;
  });
  serve(app, consoleCalls.mfaKey, ({ request }) => issueStaffMfaKey(deps, staffCaller(request)));
  serve(app, consoleCalls.bindMfa, async ({ request, body }) => {
    await bindStaffMfa(deps, staffCaller(request), body);
    return null;
  });

  serve(app, consoleCalls.updatePassword, async ({ request, body }) => {
    await updateStaffPassword(deps, staffCaller(request), body);
    return null;
  });
}
