import { defineModule } from "../module";
import { deliveryRoutes } from "./delivery.routes";
import { startDeliveryWorker } from "./delivery.worker";

export default defineModule({ name: "delivery", portal: deliveryRoutes, workers: { delivery: startDeliveryWorker } });
