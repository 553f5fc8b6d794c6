import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps";
import { envelopeOf, exportTask, pageOf, pageQuery } from "../../contracts";
import { caller } from "../../plugins/auth";
import { ok } from "../../plugins/envelope";
import { deleteExportTask, listExportTasks, terminateExportTask } from "./export-task.service";

const tags = ["export"];
const byId = z.object({
  id: z.coerce.number("validation.integer").int("validation.integer").positive("validation.integer"),
});
const empty = envelopeOf(z.null());

export async function exportTaskRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/merchant/export/list",
    {
      config: { access: { resource: "export-task", action: "list" } },
      schema: { tags, querystring: pageQuery, response: { 200: envelopeOf(pageOf(exportTask)) } },
    },
    async (request) => ok(request, await listExportTasks(deps, caller(request), request.query)),
  );

  r.patch(
    "/merchant/export/kill/:id",
    {
      config: { access: { resource: "export-task", action: "delete" } },
      schema: { tags, params: byId, response: { 200: empty } },
    },
    async (request) => {
      await terminateExportTask(deps, caller(request), request.params.id);
      return ok(request, null);
    },
  );

  r.delete(
    "/merchant/export/kill/:id",
    {
      config: { access: { resource: "export-task", action: "delete" } },
      schema: { tags, params: byId, response: { 200: empty } },
    },
    async (request) => {
      await deleteExportTask(deps, caller(request), request.params.id);
      return ok(request, null);
    },
  );
}
