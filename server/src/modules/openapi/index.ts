import { defineModule } from "../module";
import { openApiRoutes } from "./openapi.routes";
import { serveOpenApiDocument } from "./openapi-document-routes";
import { registerOpenApi } from "./openapi-plugin";

export default defineModule({
  name: "openapi",
  openApiScope: registerOpenApi,
  openApi: openApiRoutes,
  root: serveOpenApiDocument,
});
