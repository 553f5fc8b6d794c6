import { defineModule } from "../module";
import { systemRoutes } from "./system.routes";

export default defineModule({ name: "system", portal: systemRoutes });
