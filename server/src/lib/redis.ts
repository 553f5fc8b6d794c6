import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/**
 * The process's one Redis client (REDIS_URL), for the counters several API processes must share and that have
 * no place in PostgreSQL: the Open API's rate limit and its failed-authentication throttle. Redis is an option;
 * without it those counters live in each process's memory (the embedded, single-process default).
 *
 * Redis being away never fails a request: every user of this client answers without it (see openapi-plugin.ts
 * and openapi-throttle.ts), and the client is set up so that asking costs no waiting while it is away.
 */
export function redisClient(url: string): Redis {
  return new Redis(url, {
    // No connection until a server starts using it (connectRedis): the worker and the operator CLI never do.
    lazyConnect: true,
    // While Redis is unreachable a command fails at once instead of queueing until it is back: requests go on
    // (without the shared counters) rather than wait. The client keeps reconnecting in the background.
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    // A Redis that accepts but does not answer holds a request up at most this long. Not lower: a busy event
    // loop could then time out answers that did arrive, and let requests through uncounted.
    commandTimeout: 1_000,
  });
}

/**
 * Connects at server start, waiting at most the connect time-out (a server starts without Redis rather than not
 * at all), and logs when Redis goes away and when it is back: once per outage, not once per reconnection try.
 */
export async function connectRedis(client: Redis, log: FastifyBaseLogger, purpose: string): Promise<void> {
  let down = false;
  client.on("error", (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err }, `Redis (REDIS_URL) is unreachable: ${purpose} until it answers again`);
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    log.info("Redis (REDIS_URL) answers again");
  });
  // Closed on the connection error already logged above; the client keeps trying on its own.
  if (client.status === "wait") await client.connect().catch(() => undefined);
}

/**
 * Closes the connection at shutdown: QUIT when connected (answered, then the connection ends), at once otherwise.
 * Either way the client stops reconnecting.
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status !== "ready") return client.disconnect();
  const ended = new Promise((resolve) => client.once("end", resolve));
  try {
    await client.quit();
  } catch {
    return client.disconnect();
  }
  await ended;
}
