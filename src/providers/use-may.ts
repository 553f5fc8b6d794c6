import { useGetIdentity } from "@refinedev/core";
import { type Action, can, type UserInfo } from "#contracts";

/**
 * Whether the signed-in merchant user may take `action` on `resource`: the permission matrix the access control
 * provider answers from (contracts/permissions.ts), read at once from the user info the session gate has loaded.
 * Refine's useCan asks the provider asynchronously, so a button it allows appeared a render after its page and
 * moved what was below it. What the browser hides is still refused by the server.
 */
export function useMay(resource: string, action: Action): boolean {
  const { data: user } = useGetIdentity<UserInfo>();
  return user !== undefined && can(user.role, resource, action);
}
