import { defineModule } from "../module";
import { reconciliationCommands } from "./reconciliation.commands";
import { reconciliationConsoleRoutes } from "./reconciliation.routes";
import { startReconciliationWorker } from "./reconciliation.worker";

export default defineModule({
  name: "reconciliation",
  console: reconciliationConsoleRoutes,
  workers: { reconciliation: startReconciliationWorker },
  commands: reconciliationCommands,
});
