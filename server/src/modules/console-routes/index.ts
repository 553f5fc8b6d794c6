import { defineModule } from "../module";
import { consoleRoutesRoutes } from "./console-routes.routes";

/** SKU routes in the console: which supplier products each SKU is bought from. */
export default defineModule({ name: "console-routes", console: consoleRoutesRoutes });
