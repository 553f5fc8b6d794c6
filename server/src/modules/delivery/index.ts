import { defineModule } from "../module";
import { deliveryRoutes } from "./delivery.routes";
import { startDeliveryWorker } from "./delivery.worker";
import { httpSender, type Send } from "./sender";

declare module "../../app-deps" {
  interface AppDeps {
    /** Outbound HTTP to merchants' servers (callbacks, notifications), behind the private-address guard. */
    outbound: Send;
  }
}

export default defineModule({
  name: "delivery",
  portal: deliveryRoutes,
  workers: { delivery: startDeliveryWorker },
  deps: ({ config }) => ({ outbound: httpSender({ allowPrivate: config.OUTBOUND_ALLOW_PRIVATE }) }),
});
