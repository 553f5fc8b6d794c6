import type { FastifyInstance } from "fastify";
import { reconciliationCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { staffActor } from "../audit/audit.service";
import {
  getRun,
  listDiscrepancies,
  listRuns,
  reconcilableSuppliers,
  resolveDiscrepancy,
  startReconciliation,
} from "../reconciliation/reconciliation-review.service";

/** Reconciliation runs and their discrepancies in the console (reconciliation:list/create/edit). */
export function consoleReconciliationRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, reconciliationCalls.suppliers, () => reconcilableSuppliers(deps));
  serve(app, reconciliationCalls.runs, ({ query }) => listRuns(deps, query));
  serve(app, reconciliationCalls.run, ({ params }) => getRun(deps, params.id));
  serve(app, reconciliationCalls.start, ({ request, body }) =>
    startReconciliation(deps, staffActor(staffCaller(request)), body),
  );
  serve(app, reconciliationCalls.discrepancies, ({ params, query }) => listDiscrepancies(deps, params.id, query));
  serve(app, reconciliationCalls.resolve, ({ request, params, body }) =>
    resolveDiscrepancy(deps, staffActor(staffCaller(request)), params.id, body),
  );
}
