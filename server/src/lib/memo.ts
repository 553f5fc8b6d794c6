import { LRUCache } from "lru-cache";

/**
 * The server's one bounded cache: `compute` runs once per key while that key stays among the `max` most recently
 * used (least recently used out first). For answers that cost far more to compute than to look up and are asked
 * for again and again: parsed keys, translations, time-zone offsets. Bounded, so a flood of distinct keys
 * (a caller sending a new key each time) costs time, never memory.
 */
export function memo<K extends {}, V>(max: number, compute: (key: K) => V): (key: K) => V {
  // Boxed: lru-cache stores no undefined or null, and a parse may answer null (a key that does not parse).
  const cache = new LRUCache<K, { value: V }>({ max });
  return (key) => {
    let hit = cache.get(key);
    if (hit === undefined) {
      hit = { value: compute(key) };
      cache.set(key, hit);
    }
    return hit.value;
  };
}
