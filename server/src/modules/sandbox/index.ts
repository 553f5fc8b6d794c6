import { defineModule } from "../module";
import { sandboxRoutes } from "./sandbox.routes";

export default defineModule({ name: "sandbox", portal: sandboxRoutes });
