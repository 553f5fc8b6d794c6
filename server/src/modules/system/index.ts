import { startPollingWorker } from "../../lib/polling-worker";
import { defineModule } from "../module";
import { housekeeping } from "./housekeeping";
import { systemRoutes } from "./system.routes";

const HOUSEKEEPING_EVERY_MS = 60 * 60_000;

export default defineModule({
  name: "system",
  portal: systemRoutes,
  workers: {
    // Idempotent deletes: copies in several worker processes only repeat each other's work.
    housekeeping: (deps, { log }) =>
      startPollingWorker({
        name: "housekeeping",
        pollMs: HOUSEKEEPING_EVERY_MS,
        log,
        round: async () => {
          await housekeeping(deps);
          return false;
        },
      }),
  },
});
