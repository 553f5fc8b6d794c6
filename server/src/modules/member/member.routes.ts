import type { FastifyInstance } from "fastify";
import { memberCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { createMember, listMembers, updateMember } from "./member.service";
import { deleteMember, resetMemberMfa, resetMemberPassword, setMemberEnabled } from "./member-actions.service";
import { adminActing } from "./member-guard";

/** Operator management (admins only, checked by the guard from each call's declaration). */
export function memberRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, memberCalls.list, ({ request, query }) => listMembers(deps, caller(request).merchantId, query));
  serve(app, memberCalls.create, ({ request, body }) => createMember(deps, adminActing(caller(request)), body));
  serve(app, memberCalls.update, ({ request, params, body }) =>
    updateMember(deps, adminActing(caller(request)), params.id, body),
  );
  serve(app, memberCalls.setStatus, ({ request, params, body }) =>
    setMemberEnabled(deps, adminActing(caller(request)), params.id, body.enabled),
  );
  serve(app, memberCalls.resetMfa, ({ request, params }) =>
    resetMemberMfa(deps, adminActing(caller(request)), params.id),
  );
  serve(app, memberCalls.resetPassword, ({ request, params, body }) =>
    resetMemberPassword(deps, adminActing(caller(request)), params.id, body?.password),
  );
  serve(app, memberCalls.delete, async ({ request, params }) => {
    await deleteMember(deps, adminActing(caller(request)), params.id);
    return null;
  });
}
