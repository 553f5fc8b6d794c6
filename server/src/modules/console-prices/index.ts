import { defineModule } from "../module";
import { consolePricesRoutes } from "./console-prices.routes";

/** Price lists, their changes, merchants' prices and exchange rates in the console. */
export default defineModule({ name: "console-prices", console: consolePricesRoutes });
