import { defineModule } from "../module";
import { consoleMerchantsRoutes } from "./console-merchants.routes";

/** The console's merchants and their users. */
export default defineModule({ name: "console-merchants", console: consoleMerchantsRoutes });
