import { LRUCache } from "lru-cache";
import type { Database, Listening } from "../db/connection";

/**
 * What a process caches of the database, and how it hears that it changed: every write that makes a cached
 * value stale fires a NOTIFY on one channel from a trigger (migration 0029), whoever wrote it (this process,
 * another API process, a worker, the operator CLI), and each process drops that topic's entries when the
 * transaction commits. A cache answers only while the notices are heard; a time-to-live bounds what a missed
 * notice could cost anyway. PgBouncer in transaction mode cannot carry LISTEN: the listener opens a direct
 * connection of its own (db/connection.ts).
 */
export const INVALIDATION_CHANNEL = "cache_invalidation";

/** What changed: who may call (sessions, users, merchants' status), order targets and prices, risk rules. */
export type CacheTopic = "sessions" | "prices" | "risk";

export function cacheInvalidation() {
  const drops = new Map<CacheTopic, (() => void)[]>();
  let listening: Listening | null = null;
  const dropAll = () => {
    for (const list of drops.values()) for (const drop of list) drop();
  };
  return {
    /** Whether notices are heard now: while not, caches answer nothing and every read goes to the database. */
    get live(): boolean {
      return listening?.live ?? false;
    },
    /**
     * This process changed `topic` and committed: its own entries go now, not when its NOTIFY comes back over
     * the listener's connection, which may be after the answer (the next call would still see the old value).
     */
    changedHere(topic: CacheTopic): void {
      for (const drop of drops.get(topic) ?? []) drop();
    },
    /** Calls `drop` whenever `topic` changes, and when notices may have been missed. */
    on(topic: CacheTopic, drop: () => void): void {
      drops.set(topic, [...(drops.get(topic) ?? []), drop]);
    },
    async start(database: Database): Promise<void> {
      listening ??= await database.listen(INVALIDATION_CHANNEL, {
        notice: (payload) => {
          const list = drops.get(payload as CacheTopic);
          // A topic this process does not know (a newer release's): drop everything rather than guess.
          if (list) for (const drop of list) drop();
          else dropAll();
        },
        lost: dropAll,
      });
    },
    async stop(): Promise<void> {
      await listening?.stop();
      listening = null;
      dropAll();
    },
  };
}
export type CacheInvalidation = ReturnType<typeof cacheInvalidation>;

/**
 * A bounded cache of one topic, emptied when the topic changes. A value read from the database before a change
 * but stored after its notice would be stale until its time-to-live: `stamp()` before the read, and `set` with
 * that stamp stores nothing when a notice came in between. `ttlMs` 0 turns the cache off.
 */
export function topicCache<V extends {}>(
  invalidation: CacheInvalidation,
  topic: CacheTopic,
  { max, ttlMs }: { max: number; ttlMs: number },
) {
  const cache = ttlMs > 0 ? new LRUCache<string, V>({ max, ttl: ttlMs }) : null;
  let generation = 0;
  invalidation.on(topic, () => {
    generation++;
    cache?.clear();
  });
  return {
    get(key: string): V | undefined {
      return cache && invalidation.live ? cache.get(key) : undefined;
    },
    stamp(): number {
      return generation;
    },
    set(key: string, value: V, stamp: number): void {
      if (cache && invalidation.live && stamp === generation) cache.set(key, value);
    },
  };
}
export type TopicCache<V extends {}> = ReturnType<typeof topicCache<V>>;
