import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  envelopeOf,
  exportOptions,
  exportTask,
  ledgerListQuery,
  orderListQuery,
  pageOf,
  pageQuery,
  productListQuery,
} from "../../../../contracts";
import type { AppDeps } from "../../app-deps";
import { authorize, bearerToken, caller } from "../../plugins/auth";
import { ok } from "../../plugins/envelope";
import {
  createExportTask,
  deleteExportTask,
  listExportTasks,
  openExportFile,
  terminateExportTask,
} from "./export-task.service";

const tags = ["export"];
const byId = z.object({
  id: z.coerce.number("validation.integer").int("validation.integer").positive("validation.integer"),
});
const empty = envelopeOf(z.null());
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** Each export takes its list's own filters; the answer's data is the new task's id. */
const exportable = [
  { path: "product", type: "product", resource: "product", query: productListQuery },
  { path: "order", type: "order", resource: "order", query: orderListQuery },
  { path: "transaction", type: "transaction", resource: "fund-transaction", query: ledgerListQuery },
] as const;
/** The drawer downloads by posting a form (a plain browser download sends no Authorization header). */
const downloadForm = z.object({ Authorization: z.string().max(1000).optional() }).nullish();

export async function exportTaskRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Only this module's routes (the scope is encapsulated) read form bodies: the download form.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  for (const { path, type, resource, query } of exportable) {
    r.get(
      `/merchant/export/${path}/detail`,
      {
        config: { access: { resource, action: "export" } },
        schema: { tags, querystring: query.extend(exportOptions.shape), response: { 200: envelopeOf(z.number()) } },
      },
      async (request) => {
        const { timeZone, ...filters } = request.query;
        const task = { type, filters, language: request.language, timeZone: timeZone ?? null };
        return ok(request, await createExportTask(deps, caller(request), task));
      },
    );
  }

  r.post(
    "/merchant/export/download/:id",
    {
      // Signed in by the form's `Authorization` field (or the header), checked here rather than by the guard.
      config: { public: true },
      schema: { tags, params: byId, body: downloadForm },
    },
    async (request, reply) => {
      const field = request.body?.Authorization?.trim();
      const token = bearerToken(field) ?? (field || null) ?? bearerToken(request.headers.authorization);
      const auth = await authorize(deps, token, { access: { resource: "export-task", action: "list" } });
      const file = await openExportFile(deps, auth, request.params.id, request.language);
      return reply
        .header("content-type", XLSX)
        .header("content-disposition", file.disposition)
        .header("cache-control", "no-store")
        .send(file.stream);
    },
  );

  r.get(
    "/merchant/export/list",
    {
      config: { access: { resource: "export-task", action: "list" } },
      schema: { tags, querystring: pageQuery, response: { 200: envelopeOf(pageOf(exportTask)) } },
    },
    async (request) => ok(request, await listExportTasks(deps, caller(request), request.query, request.t)),
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
