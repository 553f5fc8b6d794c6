import { type TopicCache, topicCache } from "../../lib/invalidation";
import { defineModule } from "../module";
import { orderRoutes } from "./order.routes";
import type { CachedTarget } from "./place-order";

declare module "../../app-deps" {
  interface AppCaches {
    /** Order targets by merchant, product and SKU (place-order.ts). */
    targets: TopicCache<CachedTarget>;
  }
}

export default defineModule({
  name: "order",
  portal: orderRoutes,
  deps: ({ config, caches }) => ({
    caches: {
      targets: topicCache<CachedTarget>(caches.invalidation, "prices", { max: 10_000, ttlMs: config.CACHE_TTL_MS }),
    },
  }),
});
