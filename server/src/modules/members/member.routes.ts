import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps";
import { envelopeOf, memberItem, pageOf, pageQuery } from "../../contracts";
import { caller } from "../../plugins/auth";
import { ok } from "../../plugins/envelope";
import { listMembers } from "./member.service";

export async function memberRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/merchant/api/member",
    {
      config: { access: { resource: "member", action: "list" } },
      schema: { tags: ["member"], querystring: pageQuery, response: { 200: envelopeOf(pageOf(memberItem)) } },
    },
    async (request) => ok(request, await listMembers(deps, caller(request).merchantId, request.query)),
  );
}
