import { defineModule } from "../module";
import { depositRoutes } from "./deposit.routes";

export default defineModule({ name: "deposit", portal: depositRoutes });
