import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  envelopeOf,
  loginBody,
  loginResult,
  mfaBindBody,
  mfaCode,
  updatePasswordBody,
  userInfo,
} from "../../../../contracts";
import type { AppDeps } from "../../app-deps";
import { fieldError } from "../../lib/errors";
import { caller } from "../../plugins/auth";
import { ok } from "../../plugins/envelope";
import { bindMfa, issueMfaKey, userInfo as loadUserInfo, login, unbindMfa, updatePassword } from "./auth.service";
import { revokeSession } from "./sessions.service";

const empty = envelopeOf(z.null());
const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"] ?? "" });
const tags = ["auth"];
/** The only calls a session may make before its user has bound MFA (plugins/auth). */
const beforeMfa = { beforeMfa: true } as const;

export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/merchant/api/login",
    { config: { public: true }, schema: { tags, body: loginBody, response: { 200: envelopeOf(loginResult) } } },
    async (request) => {
      const token = await login(deps, request.body, clientOf(request));
      return ok(request, { tokenHead: "Bearer ", token });
    },
  );

  r.get(
    "/merchant/api/logged/info",
    { config: beforeMfa, schema: { tags, response: { 200: envelopeOf(userInfo) } } },
    async (request) => ok(request, await loadUserInfo(deps, caller(request), request.t)),
  );

  r.post("/merchant/api/logout", { config: beforeMfa, schema: { tags, response: { 200: empty } } }, async (request) => {
    await revokeSession(deps, caller(request).sessionId);
    return ok(request, null);
  });

  r.get(
    "/merchant/api/mfa/key",
    { config: beforeMfa, schema: { tags, response: { 200: envelopeOf(z.string()) } } },
    async (request) => ok(request, await issueMfaKey(deps, caller(request))),
  );

  r.post(
    "/merchant/api/mfa/bind",
    { config: beforeMfa, schema: { tags, body: mfaBindBody, response: { 200: empty } } },
    async (request) => {
      await bindMfa(deps, caller(request), request.body.mfaKey, request.body.captcha);
      return ok(request, null);
    },
  );

  // The spec's client sends the code as a plain-text body.
  r.post(
    "/merchant/api/mfa/unbind",
    {
      schema: {
        tags,
        body: z.string("validation.captchaRequired"),
        consumes: ["text/plain"],
        response: { 200: empty },
      },
    },
    async (request) => {
      const code = mfaCode.safeParse(request.body);
      if (!code.success) throw fieldError("captcha", "validation.captchaFormat");
      await unbindMfa(deps, caller(request), code.data, clientOf(request));
      return ok(request, null);
    },
  );

  r.post(
    "/merchant/api/updatePassword",
    { schema: { tags, body: updatePasswordBody, response: { 200: empty } } },
    async (request) => {
      await updatePassword(deps, caller(request), request.body, clientOf(request));
      return ok(request, null);
    },
  );
}
