import { defineModule } from "../module";
import { orderRoutes } from "./order.routes";

export default defineModule({ name: "order", portal: orderRoutes });
