import type { AccessControlProvider } from "@refinedev/core";
import { type Action, actions, can } from "#contracts";
import { getToken } from "./token-storage";
import { loadUserInfo } from "./user-session";

const isAction = (value: string): value is Action => (actions as readonly string[]).includes(value);

/** Refine's questions answered by the shared permission matrix for the signed-in user's role. */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    if (!resource) return { can: true };
    if (!getToken() || !isAction(action)) return { can: false };
    const { role } = await loadUserInfo();
    return { can: can(role, resource, action) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
