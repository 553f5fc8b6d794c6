import type { AppDeps } from "../../app-deps";
import { type AppRow, platformSigner } from "../api-settings/api-settings.repository";
import { type DeliveryEvent, loggableUrl, signedRequest } from "./payloads";
import { type Send, type SendResult, said } from "./sender";

/** What one try did, whoever made it (the schedule or an admin's Resend). */
export interface Attempt {
  at: Date;
  url: string | null;
  result: SendResult;
  latencyMs: number;
  /** Nowhere to send it: no retry can do better until the merchant sets a URL. */
  noUrl: boolean;
}

/** One try: to the URL configured now (a changed URL applies to retries too), signed with the current key (and the previous one during a rotation's overlap). */
export async function attemptDelivery(
  deps: AppDeps,
  send: Send,
  app: AppRow | undefined,
  event: DeliveryEvent & { channel: "callback" | "notification" },
): Promise<Attempt> {
  const at = deps.clock.now();
  const url = (event.channel === "callback" ? app?.callbackUrl : app?.notifyUrl) ?? "";
  if (!app || url === "") {
    return {
      at,
      url: null,
      result: { ok: false, status: null, error: said(event.channel === "callback" ? "noCallbackUrl" : "noNotifyUrl") },
      latencyMs: 0,
      noUrl: true,
    };
  }
  const started = performance.now();
  let result: SendResult;
  try {
    // Signed with the previous key too while its overlap runs: receivers that trust only it still verify.
    const signer = platformSigner(deps.cipher, app, at);
    result = await send(signedRequest(url, event, { appId: app.appId, signer }, at));
  } catch (error) {
    if ((error as { code?: string }).code !== "ERR_INVALID_URL") throw error;
    // `new URL` of a malformed address: the URL is the merchant's to fix; the schedule goes on meanwhile.
    result = { ok: false, status: null, error: said("invalidUrl") };
  }
  return { at, url: loggableUrl(url), result, latencyMs: Math.round(performance.now() - started), noUrl: false };
}
