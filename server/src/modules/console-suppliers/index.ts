import { defineModule } from "../module";
import { consoleSuppliersRoutes } from "./console-suppliers.routes";

/** Supplier accounts and their synced catalogs in the console. */
export default defineModule({ name: "console-suppliers", console: consoleSuppliersRoutes });
