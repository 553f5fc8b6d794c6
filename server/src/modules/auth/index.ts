import { defineModule } from "../module";
import { authRoutes } from "./auth.routes";

export default defineModule({ name: "auth", portal: authRoutes });
