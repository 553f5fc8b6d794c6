import { defineModule } from "../module";
import { orderRoutes } from "./order.routes";
import { orderConsoleRoutes } from "./order-console.routes";

export default defineModule({ name: "order", portal: orderRoutes, console: orderConsoleRoutes });
