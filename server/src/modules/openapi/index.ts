import { defineModule } from "../module";
import { openApiRoutes } from "./openapi.routes";

export default defineModule({ name: "openapi", openApi: openApiRoutes });
