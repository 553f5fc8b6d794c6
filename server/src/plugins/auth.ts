import type { FastifyInstance } from "fastify";
import { type Action, can } from "#contracts";
import type { AppDeps } from "../app-deps";
import { fail } from "../lib/failure";
import { verifyStepUp } from "../modules/auth/auth.service";
import type { AuthContext } from "../modules/auth/auth-context";
import { authenticateSession } from "../modules/auth/sessions.service";

declare module "fastify" {
  interface FastifyRequest {
    /** Set on every call that is not `public`; null only on public ones. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
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
): Promise<AuthContext> {
  const auth = token ? await authenticateSession(deps, token) : null;
  if (!auth) throw fail("unauthenticated");
  if (!auth.mfaBound && !rule.beforeMfa) throw fail("mfaRequired");
  if (rule.access && !can(auth.role, rule.access.resource, rule.access.action)) throw fail("forbidden");
  return auth;
}

/**
 * Sign-in is the default: a call opts out with `config.public`. MFA is a server rule: until it is bound, a
 * session may only make `beforeMfa` calls. The permission check runs on the server for every call that declares
 * `config.access`; the browser's guard is only a convenience. Step-up codes are checked after the body is
 * validated, so a typo in a form does not burn the code.
 */
export function registerAuthGuard(app: FastifyInstance, deps: AppDeps) {
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (request) => {
    const config = request.routeOptions.config;
    if (request.is404 || config.public) return;
    request.auth = await authorize(deps, bearerToken(request.headers.authorization), config);
  });
  app.addHook("preHandler", async (request) => {
    if (!request.routeOptions.config.stepUp || !request.auth) return;
    const code = request.headers[STEP_UP_HEADER];
    await verifyStepUp(deps, request.auth, typeof code === "string" ? code : undefined, {
      ip: request.ip,
      userAgent: request.headers["user-agent"] ?? "",
    });
  });
}
