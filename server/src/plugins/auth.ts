import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../app-deps";
import { type Action, can, type ResourceName, type Role } from "../contracts";
import { forbidden, unauthenticated } from "../lib/errors";
import { authenticateSession } from "../modules/auth/sessions.service";

export interface AuthContext {
  sessionId: number;
  userId: number;
  merchantId: number;
  role: Role;
  username: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set on every call that is not `public`; null only on public ones. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** No sign-in needed (login, public config, health). Every other call needs a live session. */
    public?: boolean;
    /** The permission the call needs, checked against the shared matrix before the handler runs. */
    access?: { resource: ResourceName; action: Action };
  }
}

/** The signed-in caller; only reachable on calls that are not `public`. */
export function caller(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

/**
 * Sign-in is the default: a call opts out with `config.public`. The permission check runs on the server for
 * every call that declares `config.access`; the browser's guard is only a convenience.
 */
export function registerAuthGuard(app: FastifyInstance, deps: AppDeps) {
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (request) => {
    const config = request.routeOptions.config;
    if (request.is404 || config.public) return;
    const token = bearerToken(request.headers.authorization);
    const auth = token ? await authenticateSession(deps, token) : null;
    if (!auth) throw unauthenticated();
    request.auth = auth;
    if (config.access && !can(auth.role, config.access.resource, config.access.action)) throw forbidden();
  });
}
