import { defineModule } from "../module";
import { consoleCatalogRoutes } from "./console-catalog.routes";

/** The catalog in the console: taxonomy, products, the recycle bin, the catalog file. */
export default defineModule({ name: "console-catalog", console: consoleCatalogRoutes });
