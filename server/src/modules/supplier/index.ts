import { defineModule } from "../module";
import { startCatalogSyncWorker } from "./catalog-sync";
import { supplierCommands } from "./supplier.commands";
import { startSupplierHealthWorker } from "./supplier-health";

export default defineModule({
  name: "supplier",
  workers: { supplierHealth: startSupplierHealthWorker, catalogSync: startCatalogSyncWorker },
  commands: supplierCommands,
});
