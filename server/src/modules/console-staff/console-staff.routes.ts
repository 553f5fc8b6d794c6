import type { FastifyInstance } from "fastify";
import { staffCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { staffActor } from "../audit/audit.service";
import { createStaff, listStaff, resetStaffMfa, resetStaffPassword, updateStaff } from "../console/staff.service";

/** The super administrator's staff accounts (staff:list, :create, :edit). */
export function consoleStaffRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, staffCalls.staff, () => listStaff(deps));
  serve(app, staffCalls.createStaff, ({ request, body }) => createStaff(deps, staffActor(staffCaller(request)), body));
  serve(app, staffCalls.resetStaffPassword, ({ request, params }) =>
    resetStaffPassword(deps, staffCaller(request), params.id),
  );
  serve(app, staffCalls.resetStaffMfa, ({ request, params }) => resetStaffMfa(deps, staffCaller(request), params.id));
  serve(app, staffCalls.updateStaff, ({ request, params, body }) =>
    updateStaff(deps, staffCaller(request), params.id, body),
  );
}
