import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  envelopeOf,
  generatedPassword,
  memberCreate,
  memberCreated,
  memberIdParams,
  memberItem,
  memberPageQuery,
  memberPasswordReset,
  memberStatusBody,
  memberUpdate,
  pageOf,
} from "../../../../contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { ok } from "../../plugins/envelope";
import { createMember, listMembers, updateMember } from "./member.service";
import { deleteMember, resetMemberMfa, resetMemberPassword, setMemberEnabled } from "./member-actions.service";

const tags = ["member"];
const BASE = "/merchant/api/member";
const ITEM = `${BASE}/:id`;
/** Every call here is the `member` resource: admin-only in the shared matrix, checked before the handler. */
const access = (action: "list" | "create" | "edit" | "delete") => ({ access: { resource: "member", action } as const });
/** Calls that give or take away someone's access also need the admin's current code (step-up). */
const stepUp = (action: "create" | "edit" | "delete") => ({ ...access(action), stepUp: true });
const one = envelopeOf(memberItem);

export async function memberRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    BASE,
    {
      config: access("list"),
      schema: { tags, querystring: memberPageQuery, response: { 200: envelopeOf(pageOf(memberItem)) } },
    },
    async (request) => ok(request, await listMembers(deps, caller(request).merchantId, request.query)),
  );

  r.post(
    BASE,
    { config: stepUp("create"), schema: { tags, body: memberCreate, response: { 200: envelopeOf(memberCreated) } } },
    async (request) => ok(request, await createMember(deps, caller(request), request.body)),
  );

  r.put(
    ITEM,
    { config: access("edit"), schema: { tags, params: memberIdParams, body: memberUpdate, response: { 200: one } } },
    async (request) => ok(request, await updateMember(deps, caller(request), request.params.id, request.body)),
  );

  r.patch(
    `${ITEM}/status`,
    {
      config: stepUp("edit"),
      schema: { tags, params: memberIdParams, body: memberStatusBody, response: { 200: one } },
    },
    async (request) =>
      ok(request, await setMemberEnabled(deps, caller(request), request.params.id, request.body.enabled)),
  );

  r.post(
    `${ITEM}/mfa/reset`,
    { config: stepUp("edit"), schema: { tags, params: memberIdParams, response: { 200: one } } },
    async (request) => ok(request, await resetMemberMfa(deps, caller(request), request.params.id)),
  );

  r.post(
    `${ITEM}/password/reset`,
    {
      config: stepUp("edit"),
      // The body may be left out: no body, like an empty password, means "generate one".
      schema: {
        tags,
        params: memberIdParams,
        body: memberPasswordReset.optional(),
        response: { 200: envelopeOf(generatedPassword) },
      },
    },
    async (request) =>
      ok(request, await resetMemberPassword(deps, caller(request), request.params.id, request.body?.password)),
  );

  r.delete(
    ITEM,
    { config: stepUp("delete"), schema: { tags, params: memberIdParams, response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await deleteMember(deps, caller(request), request.params.id);
      return ok(request, null);
    },
  );
}
