import { defineModule } from "../module";
import { deliveryRoutes } from "./delivery.routes";

export default defineModule({ name: "delivery", portal: deliveryRoutes });
