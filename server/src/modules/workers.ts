import type { AppDeps } from "../app-deps";
import type { PollingWorker, WorkerLog } from "../lib/polling-worker";
import type { ServerModule } from "./module";

/**
 * Starts every module's background workers; `stop` lets each finish the work in hand, and `busy` names those
 * still finishing (what a stop past its grace time logs).
 */
export function startWorkers(modules: readonly ServerModule[], deps: AppDeps, log: WorkerLog) {
  const running: { name: string; worker: PollingWorker }[] = modules.flatMap((module) =>
    Object.entries(module.workers ?? {}).map(([name, start]) => ({ name, worker: start(deps, { log }) })),
  );
  const finishing = new Set<string>();
  return {
    names: running.map((r) => r.name),
    stop: () =>
      Promise.all(
        running.map((r) => {
          finishing.add(r.name);
          return r.worker.stop().finally(() => finishing.delete(r.name));
        }),
      ).then(() => undefined),
    busy: () => [...finishing],
  };
}
