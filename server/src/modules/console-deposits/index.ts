import { defineModule } from "../module";
import { consoleDepositsRoutes } from "./console-deposits.routes";

/** The console's deposit review. */
export default defineModule({ name: "console-deposits", console: consoleDepositsRoutes });
