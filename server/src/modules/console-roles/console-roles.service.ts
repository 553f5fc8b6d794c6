import { isConsolePermission } from "#contracts";
import { invalid } from "../../lib/failure";

/**
 * Whether each permission a role is given is one the console declares: the contract checks only their form (it
 * cannot read the list of permissions, which follows from every console area), so the names are checked here,
 * each unknown one named by its place as the body's own checks name a field. Entries of another type are left to
 * the body's checks.
 */
export function checkPermissions(body: unknown): void {
  const permissions = (body as { permissions?: unknown } | null)?.permissions;
  if (!Array.isArray(permissions)) return;
  const unknown = permissions.flatMap((p, i) => (typeof p === "string" && !isConsolePermission(p) ? [i] : []));
  if (unknown.length > 0)
    throw invalid(Object.fromEntries(unknown.map((i) => [`permissions.${i}`, "validation.permissionUnknown"])));
}
