import { defineModule } from "../module";
import { reconciliationCommands } from "./reconciliation.commands";
import { startReconciliationWorker } from "./reconciliation.worker";

export default defineModule({
  name: "reconciliation",
  workers: { reconciliation: startReconciliationWorker },
  commands: reconciliationCommands,
});
