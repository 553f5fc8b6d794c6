import { defineModule } from "../module";
import { overviewRoutes } from "./overview.routes";

export default defineModule({ name: "overview", portal: overviewRoutes });
