import { defineModule } from "../module";
import { startFulfilmentWorker } from "./fulfilment.worker";

export default defineModule({ name: "fulfilment", workers: { fulfilment: startFulfilmentWorker } });
