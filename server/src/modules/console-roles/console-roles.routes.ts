import type { FastifyInstance } from "fastify";
import { roleCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { createRole, deleteRole, listRoles, updateRole } from "../console/role.service";
import { checkPermissions } from "./console-roles.service";

/** The super administrator's staff roles (roles:list, :create, :edit, :delete). */
export function consoleRolesRoutes(app: FastifyInstance, deps: AppDeps) {
  // A role's permissions are checked with its body, before the step-up code is (plugins/auth.ts): an unknown one
  // does not burn the code.
  app.addHook("preValidation", async (request) => {
    const { call } = request.routeOptions.config;
    if (call === roleCalls.createRole || call === roleCalls.updateRole) checkPermissions(request.body);
  });
  serve(app, roleCalls.roles, () => listRoles(deps));
  serve(app, roleCalls.createRole, ({ request, body }) => createRole(deps, staffCaller(request), body));
  serve(app, roleCalls.updateRole, ({ request, params, body }) =>
    updateRole(deps, staffCaller(request), params.id, body),
  );
  serve(app, roleCalls.deleteRole, async ({ request, params }) => {
    await deleteRole(deps, staffCaller(request), params.id);
    return null;
  });
}
