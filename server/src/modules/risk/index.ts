import { defineModule } from "../module";
import { riskConsoleRoutes } from "./risk.routes";

export default defineModule({ name: "risk", console: riskConsoleRoutes });
