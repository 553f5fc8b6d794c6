import { Failure } from "../../lib/failure";

/**
 * Failed authentications, counted per AppID and per client address in this process's memory (nothing is
 * written for a refused request). Over a limit, requests are refused with 429 before any database work.
 * An address that authenticated for an AppID lately is exempt from that AppID's limit, so a stranger who knows
 * the AppID cannot lock the merchant's own servers out. With several API processes each counts on its own.
 */
export const AUTH_THROTTLE = {
  windowMs: 60_000,
  perAddress: 60,
  perAppId: 300,
  knownAddressMs: 24 * 3_600_000,
} as const;

interface Window {
  count: number;
  resetAt: number;
}

export function openApiAuthThrottle(now: () => number) {
  const byAddress = new Map<string, Window>();
  const byAppId = new Map<string, Window>();
  const knownAddresses = new Map<string, number>();

  const windowOf = (map: Map<string, Window>, key: string) => {
    const at = now();
    let window = map.get(key);
    if (!window || window.resetAt <= at) {
      window = { count: 0, resetAt: at + AUTH_THROTTLE.windowMs };
      map.set(key, window);
    }
    return window;
  };
  const refuse = (window: Window) => {
    const seconds = Math.max(1, Math.ceil((window.resetAt - now()) / 1000));
    throw new Failure("authThrottled", { seconds }, { retryAfterSeconds: seconds });
  };
  // Windows that ended are dropped now and then, so the maps stay as small as the traffic of one window.
  const sweep = () => {
    const at = now();
    for (const map of [byAddress, byAppId]) for (const [key, w] of map) if (w.resetAt <= at) map.delete(key);
    for (const [key, until] of knownAddresses) if (until <= at) knownAddresses.delete(key);
  };
  let calls = 0;

  return {
    /** Throws 429 when this address, or this AppID from an address it does not know, failed too often. */
    check(appId: string, ip: string) {
      if (++calls % 1000 === 0) sweep();
      const address = byAddress.get(ip);
      if (address && address.resetAt > now() && address.count >= AUTH_THROTTLE.perAddress) refuse(address);
      const known = (knownAddresses.get(`${appId} ${ip}`) ?? 0) > now();
      const app = byAppId.get(appId);
      if (!known && app && app.resetAt > now() && app.count >= AUTH_THROTTLE.perAppId) refuse(app);
    },
    failed(appId: string, ip: string) {
      windowOf(byAddress, ip).count += 1;
      if (appId) windowOf(byAppId, appId).count += 1;
    },
    succeeded(appId: string, ip: string) {
      knownAddresses.set(`${appId} ${ip}`, now() + AUTH_THROTTLE.knownAddressMs);
    },
  };
}
