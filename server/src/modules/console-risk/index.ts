import { defineModule } from "../module";
import { consoleRiskRoutes } from "./console-risk.routes";

/** The console's risk area: the rules' settings, blocked accounts, refused orders. */
export default defineModule({ name: "console-risk", console: consoleRiskRoutes });
