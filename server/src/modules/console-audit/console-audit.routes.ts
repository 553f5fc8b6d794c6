import type { FastifyInstance } from "fastify";
import { consoleAuditCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { serve } from "../../plugins/serve";
import { exportAudit, listAudit } from "./console-audit.service";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The audit log in the console (audit:list, audit:export). */
export function consoleAuditRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, consoleAuditCalls.list, ({ request, query }) => listAudit(deps, query, request.language));
  serve(app, consoleAuditCalls.export, async ({ request, reply, query }) => {
    const name = `audit-log-${deps.clock.now().toISOString().slice(0, 10)}.xlsx`;
    reply.type(XLSX).header("content-disposition", `attachment; filename="${name}"`);
    return reply.send(exportAudit(deps, query, request.language));
  });
}
