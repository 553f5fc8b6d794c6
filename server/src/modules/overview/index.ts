import { defineModule } from "../module";
import { overviewRoutes } from "./overview.routes";
import { statisticsConsoleRoutes } from "./statistics-console.routes";

export default defineModule({ name: "overview", portal: overviewRoutes, console: statisticsConsoleRoutes });
