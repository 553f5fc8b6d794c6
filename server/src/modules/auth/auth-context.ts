import type { Role } from "#contracts";

/**
 * Who is acting, as services see it: the signed-in staff member of one merchant. Every service that reads or
 * changes a merchant's data takes this and scopes its queries by `merchantId`; how it was proven (a session
 * token, the export download form) is the HTTP layer's business (plugins/auth).
 */
export interface AuthContext {
  sessionId: number;
  userId: number;
  merchantId: number;
  role: Role;
  username: string;
  /** Whether the user has bound MFA; until then only `beforeMfa` calls are allowed. */
  mfaBound: boolean;
}
