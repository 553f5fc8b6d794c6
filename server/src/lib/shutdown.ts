import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** One thing a stopping process waits for, named in the log should the grace time run out. */
export interface StopStep {
  name: string;
  /** Stops taking new work and resolves once the work in hand is done. */
  stop: () => Promise<unknown>;
  /** What of it is still running, when more can be said than its name (the requests in flight). */
  running?: () => string[];
}

interface StopLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface StopOptions {
  log: StopLog;
  /** SHUTDOWN_GRACE_MS. */
  graceMs: number;
  /** Run in order; the steps of one stage side by side. A falsy entry is a part this process does not run. */
  stages: (StopStep | null | false | undefined)[][];
  /** A forced exit's cleanup beyond what `exit` handlers do (PGlite's folder lock goes in one: db/connection.ts). */
  onForcedExit?: () => void;
}

/**
 * SIGTERM and SIGINT stop the process gracefully: the stages run (new work refused, the work in hand finished, then
 * what it used closed) and the process exits 0. Past the grace time it logs what was still running and exits 1; work
 * cut short that way is taken up again after a restart, as after a crash (every step is guarded against running
 * twice). A second signal changes nothing: the grace time decides.
 */
export function stopOnSignals(options: StopOptions): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const { log, graceMs } = options;
    log.info({ signal, graceMs }, `${signal}: finishing the work in hand, then exiting`);
    const unfinished = new Set<StopStep>();
    const timer = setTimeout(() => {
      const stillRunning = [...unfinished].flatMap((step) => {
        const detail = step.running?.() ?? [];
        return detail.length > 0 ? detail.map((what) => `${step.name}: ${what}`) : [step.name];
      });
      log.error(
        // What Node itself still holds open (sockets, timers), for whoever looks into why.
        { stillRunning, resources: process.getActiveResourcesInfo() },
        `still running after ${graceMs} ms (SHUTDOWN_GRACE_MS), exiting anyway: ${stillRunning.join("; ")}`,
      );
      options.onForcedExit?.();
      process.exit(1);
    }, graceMs);
    let failed = false;
    for (const stage of options.stages) {
      const steps = stage.filter((step): step is StopStep => Boolean(step));
      await Promise.all(
        steps.map((step) => {
          unfinished.add(step);
          return step
            .stop()
            .catch((err: unknown) => {
              failed = true;
              log.error({ err }, `stopping ${step.name} failed`);
            })
            .finally(() => unfinished.delete(step));
        }),
      );
    }
    clearTimeout(timer);
    if (failed) options.onForcedExit?.();
    process.exit(failed ? 1 : 0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

/**
 * The HTTP side of a stop: the requests in flight (what the log names), and `closing`, after which no connection
 * is kept alive past the answer it is serving. Closing a server ends the connections idle at that moment, and
 * Fastify closes those whose request comes later; one whose answer was under way would otherwise stay open, idle,
 * and hold the stop until its keep-alive time runs out.
 */
export function httpInFlight(server: Server) {
  const open = new Map<IncomingMessage, ServerResponse>();
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    open.set(request, response);
    response.once("close", () => open.delete(request));
  });
  return {
    running: () => [...open.keys()].map((request) => `${request.method} ${(request.url ?? "").split("?")[0]}`),
    closing: () => {
      for (const response of open.values()) {
        // Not answered yet: the answer says `Connection: close`. Already under way: closed once it has gone.
        if (!response.headersSent) response.shouldKeepAlive = false;
        else response.once("finish", () => setImmediate(() => server.closeIdleConnections()));
      }
    },
  };
}
