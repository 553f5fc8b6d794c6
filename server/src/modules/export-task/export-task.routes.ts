import type { FastifyInstance } from "fastify";
import { type ExportableResource, type ExportFormat, exportListCalls, exportTaskCalls, exportTypeOf } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { authorize, bearerToken, caller, clientOf } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import {
  createExportTask,
  deleteExportTask,
  listExportTasks,
  openExportFile,
  terminateExportTask,
} from "./export-task.service";

export function exportTaskRoutes(app: FastifyInstance, deps: AppDeps) {
  // Only this module's routes (the scope is encapsulated) read form bodies: the download form.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  for (const resource of Object.keys(exportListCalls) as ExportableResource[]) {
    serve(app, exportListCalls[resource], ({ request, query }) => {
      // Every export's query is its list's filters plus `timeZone` and `format` (exportOptions).
      const { timeZone, format, ...filters } = query as { timeZone?: string; format: ExportFormat };
      const task = {
        type: exportTypeOf[resource],
        format,
        filters,
        language: request.language,
        timeZone: timeZone ?? null,
      };
      return createExportTask(deps, caller(request), task);
    });
  }

  serve(app, exportTaskCalls.download, async ({ request, reply, params, body }) => {
    const field = body?.Authorization?.trim();
    const token = bearerToken(field) ?? (field || null) ?? bearerToken(request.headers.authorization);
    const rule = { access: { resource: "export-task", action: "list" } } as const;
    const auth = await authorize(deps, token, rule, clientOf(request));
    const file = await openExportFile(deps, auth, params.id, request.language);
    return reply
      .header("content-type", file.contentType)
      .header("content-disposition", file.disposition)
      .header("cache-control", "no-store")
      .send(file.stream);
  });

  serve(app, exportTaskCalls.list, ({ request, query }) => listExportTasks(deps, caller(request), query, request.t));
  serve(app, exportTaskCalls.terminate, async ({ request, params }) => {
    await terminateExportTask(deps, caller(request), params.id);
    return null;
  });
  serve(app, exportTaskCalls.delete, async ({ request, params }) => {
    await deleteExportTask(deps, caller(request), params.id);
    return null;
  });
}
