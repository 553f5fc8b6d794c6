import type { Role } from "#contracts";

/**
 * Who is acting, as services see it: the signed-in staff member of one merchant. Every service that reads or
 * changes a merchant's data takes this and scopes its queries by `merchantId`; how it was proven (a session
 * token, the export download form) is the HTTP layer's business (plugins/auth).
 */
/** Where a call came from: kept with sign-in attempts, sessions and the audit log. */
export interface Client {
  ip: string;
  userAgent: string;
}

export interface AuthContext {
  sessionId: number;
  userId: number;
  merchantId: number;
  role: Role;
  username: string;
  /** Whether the user has bound MFA; until then only `beforeMfa` calls are allowed. */
  mfaBound: boolean;
  /** The address and browser of this call (not of the session's sign-in). */
  client: Client;
}

/** Who is acting in the console: a member of the reseller's staff, with the permissions its roles give. */
export interface StaffContext {
  sessionId: number;
  staffId: number;
  username: string;
  /** `<resource>:<action>` (contracts/console.ts), from the roles held when the call came in. */
  permissions: ReadonlySet<string>;
  mfaBound: boolean;
  client: Client;
}
