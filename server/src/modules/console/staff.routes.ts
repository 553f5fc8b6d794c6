import type { FastifyInstance } from "fastify";
import { adjustmentCalls, consoleCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { clientOf, staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { staffActor } from "../audit/audit.service";
import { revokeSession } from "../auth/sessions.service";
import { approveAdjustment, listAdjustments, rejectAdjustment, requestAdjustment } from "./adjustment.service";
import { createRole, deleteRole, listRoles, updateRole } from "./role.service";
import { staffSessions } from "./staff.schema";
import { createStaff, listStaff, resetStaffMfa, resetStaffPassword, updateStaff } from "./staff.service";
import { bindStaffMfa, issueStaffMfaKey, loginStaff, staffInfo, updateStaffPassword } from "./staff-auth.service";

/** The console's sign-in, its staff and role management, and balance adjustments (the guard checks each call). */
export function staffRoutes(app: FastifyInstance, deps: AppDeps) {
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

  serve(app, consoleCalls.roles, () => listRoles(deps));
  serve(app, consoleCalls.createRole, ({ request, body }) => createRole(deps, staffCaller(request), body));
  serve(app, consoleCalls.updateRole, ({ request, params, body }) =>
    updateRole(deps, staffCaller(request), params.id, body),
  );
  serve(app, consoleCalls.deleteRole, async ({ request, params }) => {
    await deleteRole(deps, staffCaller(request), params.id);
    return null;
  });

  serve(app, consoleCalls.staff, () => listStaff(deps));
  serve(app, consoleCalls.createStaff, ({ request, body }) =>
    createStaff(deps, staffActor(staffCaller(request)), body),
  );
  serve(app, consoleCalls.resetStaffPassword, ({ request, params }) =>
    resetStaffPassword(deps, staffCaller(request), params.id),
  );
  serve(app, consoleCalls.resetStaffMfa, ({ request, params }) => resetStaffMfa(deps, staffCaller(request), params.id));
  serve(app, consoleCalls.updateStaff, ({ request, params, body }) =>
    updateStaff(deps, staffCaller(request), params.id, body),
  );

  serve(app, adjustmentCalls.list, ({ query }) => listAdjustments(deps, query));
  serve(app, adjustmentCalls.create, ({ request, body }) => requestAdjustment(deps, staffCaller(request), body));
  serve(app, adjustmentCalls.approve, ({ request, params }) =>
    approveAdjustment(deps, staffCaller(request), params.id),
  );
  serve(app, adjustmentCalls.reject, ({ request, params, body }) =>
    rejectAdjustment(deps, staffCaller(request), params.id, body.reason),
  );
}
