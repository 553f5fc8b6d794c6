import { defineModule } from "../module";
import { supplierConsoleRoutes } from "./supplier.routes";
import { startSupplierHealthWorker } from "./supplier-health";

export default defineModule({
  name: "supplier",
  console: supplierConsoleRoutes,
  workers: { supplierHealth: startSupplierHealthWorker },
});
