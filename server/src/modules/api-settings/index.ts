import { defineModule } from "../module";
import { apiSettingsRoutes } from "./api-settings.routes";

export default defineModule({ name: "api-settings", portal: apiSettingsRoutes });
