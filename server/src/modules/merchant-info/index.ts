import { defineModule } from "../module";
import { merchantInfoRoutes } from "./merchant-info.routes";

export default defineModule({ name: "merchant-info", portal: merchantInfoRoutes });
