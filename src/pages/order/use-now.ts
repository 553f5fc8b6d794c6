import { useSyncExternalStore } from "react";

/**
 * One clock for every live duration on screen: a single interval, started by the first cell that needs it and
 * stopped with the last. Only the cells that read it re-render each second, never the table around them (a list of
 * 20 rows re-rendered every second kept a phone's main thread busy for as long as an order was Processing).
 */
const TICK_MS = 1000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

const stopped = () => () => {};
const read = () => now;

/** The current time, ticking every second while `running` (the time a Processing order has taken so far). */
export function useNow(running: boolean): number {
  return useSyncExternalStore(running ? subscribe : stopped, read);
}
