import { type TopicCache, topicCache } from "../../lib/invalidation";
import { defineModule } from "../module";
import { authRoutes } from "./auth.routes";
import { type SignInGate, signInGate } from "./login-throttle";
import type { CachedSession } from "./sessions.service";

declare module "../../app-deps" {
  interface AppDeps {
    /** Sign-in checks running in this process (see login-throttle). */
    signIns: SignInGate;
  }
  interface AppCaches {
    /** Live sessions by token hash (sessions.service.ts). */
    sessions: TopicCache<CachedSession>;
  }
}

export default defineModule({
  name: "auth",
  portal: authRoutes,
  deps: ({ config, caches }) => ({
    signIns: signInGate(),
    caches: {
      sessions: topicCache<CachedSession>(caches.invalidation, "sessions", { max: 10_000, ttlMs: config.CACHE_TTL_MS }),
    },
  }),
});
