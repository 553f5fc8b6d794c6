import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Action, can, permissionOf, type Realm } from "#contracts";
import type { AppDeps } from "../app-deps";
import { users } from "../db/schema";
import { fail } from "../lib/failure";
import type { AuthContext, Client, StaffContext } from "../modules/auth/auth-context";
import { verifyStepUp } from "../modules/auth/credentials";
import { authenticateSession } from "../modules/auth/sessions.service";
import { staffUsers } from "../modules/console/staff.schema";
import { authenticateStaff, staffThrottleName } from "../modules/console/staff-auth.service";

declare module "fastify" {
  interface FastifyRequest {
    /** Set on every merchant call that is not `public`; null on public ones and on the console's. */
    auth: AuthContext | null;
    /** Set on every console call that is not `public`; null elsewhere. */
    staff: StaffContext | null;
  }
  interface FastifyContextConfig {
    /** Whose call: a merchant session's (the default) or a staff session's (contracts/calls.ts). */
    realm?: Realm;
    /** No sign-in needed (login, public config, health). Every other call needs a live session. */
    public?: boolean;
    /** The permission the call needs, checked against the shared matrix before the handler runs. */
    access?: { resource: string; action: Action };
    /** Allowed before MFA is bound: the calls that bind it (and reading oneself, and signing out). */
    beforeMfa?: boolean;
    /** Hands out or takes away access: needs the caller's current code in `X-MFA-Code` (step-up). */
    stepUp?: boolean;
  }
}

/** The signed-in caller; only reachable on calls that are not `public`. */
export function caller(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw fail("unauthenticated");
  return request.auth;
}

/** The signed-in staff member of a console call. */
export function staffCaller(request: { staff: StaffContext | null }): StaffContext {
  if (!request.staff) throw fail("unauthenticated");
  return request.staff;
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

export const STEP_UP_HEADER = "x-mfa-code";

/**
 * The caller behind a token, held to the MFA rule and to the call's permission: what the guard does for every
 * call, exported for the one call that finds its token elsewhere (the export download form).
 */
export async function authorize(
  deps: AppDeps,
  token: string | null,
  rule: { access?: { resource: string; action: Action } | undefined; beforeMfa?: boolean | undefined },
  client: Client,
): Promise<AuthContext> {
  const auth = token ? await authenticateSession(deps, token) : null;
  if (!auth) throw fail("unauthenticated");
  if (!auth.mfaBound && !rule.beforeMfa) throw fail("mfaRequired");
  if (rule.access && !can(auth.role, rule.access.resource, rule.access.action)) throw fail("forbidden");
  return { ...auth, client };
}

/** The same for a console call: a staff session, MFA bound, and the permission among those its roles give. */
export async function authorizeStaff(
  deps: AppDeps,
  token: string | null,
  rule: { access?: { resource: string; action: Action } | undefined; beforeMfa?: boolean | undefined },
  client: Client,
): Promise<StaffContext> {
  const staff = token ? await authenticateStaff(deps, token) : null;
  if (!staff) throw fail("unauthenticated");
  if (!staff.mfaBound && !rule.beforeMfa) throw fail("mfaRequired");
  if (rule.access && !staff.permissions.has(permissionOf(rule.access.resource, rule.access.action)))
    throw fail("forbidden");
  return { ...staff, client };
}

/** The address and browser of a request, as the audit log and the sign-in limits keep them. */
export const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"] ?? "",
});

/**
 * Sign-in is the default: a call opts out with `config.public`. MFA is a server rule: until it is bound, a
 * session may only make `beforeMfa` calls. The permission check runs on the server for every call that declares
 * `config.access`; the browser's guard is only a convenience. Step-up codes are checked after the body is
 * validated, so a typo in a form does not burn the code.
 */
export function registerAuthGuard(app: FastifyInstance, deps: AppDeps) {
  app.decorateRequest("auth", null);
  app.decorateRequest("staff", null);
  app.addHook("onRequest", async (request) => {
    const config = request.routeOptions.config;
    if (request.is404 || config.public) return;
    const token = bearerToken(request.headers.authorization);
    if (config.realm === "console") request.staff = await authorizeStaff(deps, token, config, clientOf(request));
    else request.auth = await authorize(deps, token, config, clientOf(request));
  });
  app.addHook("preHandler", async (request) => {
    if (!request.routeOptions.config.stepUp) return;
    const header = request.headers[STEP_UP_HEADER];
    const code = typeof header === "string" ? header : undefined;
    const { auth, staff } = request;
    if (auth) await verifyStepUp(deps, users, auth.userId, code, auth.client);
    if (staff) await verifyStepUp(deps, staffUsers, staff.staffId, code, staff.client, staffThrottleName);
  });
}
