import { defineModule } from "../module";
import { consoleStatisticsRoutes } from "./console-statistics.routes";

/** The reseller's statistics in the console. */
export default defineModule({ name: "console-statistics", console: consoleStatisticsRoutes });
