import { defineModule } from "../module";
import { consoleAdjustmentsRoutes } from "./console-adjustments.routes";

/** The console's balance adjustments, under four-eyes. */
export default defineModule({ name: "console-adjustments", console: consoleAdjustmentsRoutes });
