/** Where a worker reports a failed round: a pino logger (the server's, or the worker process's own). */
export interface WorkerLog {
  error(details: object, message: string): void;
}

export interface PollingWorker {
  /** Lets the rounds in flight finish, then resolves. */
  stop(): Promise<void>;
}

/** While the database is away, ask less and less often, but at least this often. */
const MAX_PAUSE_MS = 30_000;

/**
 * The loop every background job shares (fulfilment, deliveries, exports): rounds until stopped, straight again
 * when a round says more is waiting, otherwise after `pollMs`. A failed round is logged and the loop carries on,
 * pausing twice as long after each failure in a row. `lanes` loops run side by side (their claims skip each
 * other's rows). `prepare` runs once first (e.g. releasing leases a crashed run left on the embedded database).
 */
export function startPollingWorker(options: {
  name: string;
  pollMs: number;
  log: WorkerLog;
  lanes?: number;
  prepare?: () => Promise<void>;
  /** One round; answers whether more is waiting. `stopping` tells a long round to finish early. */
  round: (stopping: () => boolean) => Promise<boolean>;
}): PollingWorker {
  const { name, pollMs, log } = options;
  let stopping = false;
  const isStopping = () => stopping;
  const wakers = new Set<() => void>();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  const lane = async () => {
    let failures = 0;
    while (!stopping) {
      let more = false;
      try {
        more = await options.round(isStopping);
        failures = 0;
      } catch (err) {
        failures += 1;
        log.error({ err }, `${name} round failed`);
      }
      if (more || stopping) continue;
      await pause(Math.min(pollMs * 2 ** failures, Math.max(pollMs, MAX_PAUSE_MS)));
    }
  };

  const running = (async () => {
    await options.prepare?.().catch((err: unknown) => log.error({ err }, `${name}: preparing failed`));
    await Promise.all(Array.from({ length: options.lanes ?? 1 }, lane));
  })();

  return {
    stop: async () => {
      stopping = true;
      for (const wake of [...wakers]) wake();
      await running;
    },
  };
}
