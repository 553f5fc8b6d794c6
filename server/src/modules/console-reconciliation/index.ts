import { defineModule } from "../module";
import { consoleReconciliationRoutes } from "./console-reconciliation.routes";

/** Reconciliation runs and their discrepancies in the console. */
export default defineModule({ name: "console-reconciliation", console: consoleReconciliationRoutes });
