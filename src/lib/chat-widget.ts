/** Spec §1/§9: the live-chat widget is re-initialised after 30 minutes without activity, checked every 30 minutes. */
export const CHAT_IDLE_MS = 30 * 60 * 1000;
export const CHAT_CHECK_INTERVAL_MS = 30 * 60 * 1000;

/** What counts as the user being there. */
export const CHAT_ACTIVITY_EVENTS = ["pointerdown", "keydown", "scroll", "wheel", "touchstart"] as const;

export function isIdle(lastActivityAt: number, now: number, idleMs: number = CHAT_IDLE_MS): boolean {
  return now - lastActivityAt >= idleMs;
}
