import { defineModule } from "../module";
import { startCatalogSyncWorker } from "./catalog-sync";
import { supplierCommands } from "./supplier.commands";
import { supplierConsoleRoutes } from "./supplier.routes";
import { startSupplierHealthWorker } from "./supplier-health";

export default defineModule({
  name: "supplier",
  console: supplierConsoleRoutes,
  workers: { supplierHealth: startSupplierHealthWorker, catalogSync: startCatalogSyncWorker },
  commands: supplierCommands,
});
