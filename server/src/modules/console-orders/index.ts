import { defineModule } from "../module";
import { consoleOrdersRoutes } from "./console-orders.routes";

/** Every merchant's orders in the console, and customer service's actions on them. */
export default defineModule({ name: "console-orders", console: consoleOrdersRoutes });
