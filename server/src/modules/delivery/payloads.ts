import { randomBytes } from "node:crypto";
import { OPENAPI_HEADERS, OPENAPI_REVISION, signingString } from "#contracts";
import type { PlatformSigner } from "../api-settings/api-settings.repository";
import type { OutboundRequest } from "./sender";

/**
 * What a callback or notification looks like on the wire.
 *
 * Body (UTF-8 JSON, the same bytes on every try and resend of one event):
 *   { "eventId": "<uuid>", "type": "order.success" | "order.failed" | "deposit.status" | "balance.low",
 *     "createTime": "<ISO 8601 UTC, when the event happened>", "data": { ...the event's payload } }
 * `order.*` data: orderNo, merchantOrderNo, status, productId, productCode, skuId, skuCode (the `id` and `code`
 * the products call answers for the product and its SKU), spec, quantity, unitPrice, amount,
 * currency, failReason and failCode (null unless failed), completeTime, version (rises with every change of the order:
 * drop an event whose version is below one already seen). Never gift-card codes.
 *
 * Headers: x-app-id (the merchant's AppID), x-timestamp (ms), x-nonce, x-key-serial (which platform key signed),
 * x-event-id, x-api-version (the API revision, `OPENAPI_REVISION`), and x-signature: base64 SHA256withRSA by the platform private key over
 * signingString({ method: "POST", pathWithQuery, timestamp, nonce, body }), verified with the platform public
 * key shown in API settings. During the overlap after a platform-key rotation, also x-previous-key-serial and
 * x-previous-signature: the previous key's signature over the same string (for receivers that trust only it).
 * Answer any 2xx within 10 s once the event is stored; anything else is retried.
 */

export interface DeliveryEvent {
  eventId: string;
  type: string;
  createdAt: Date;
  payload: unknown;
}

export function deliveryBody(event: DeliveryEvent): string {
  return JSON.stringify({
    eventId: event.eventId,
    type: event.type,
    createTime: event.createdAt.toISOString(),
    data: event.payload,
  });
}

/** The signed POST of one event to `url`, stamped `at`. */
export function signedRequest(
  url: string,
  event: DeliveryEvent,
  app: { appId: string; signer: PlatformSigner },
  at: Date,
): OutboundRequest {
  const body = deliveryBody(event);
  const target = new URL(url);
  const timestamp = String(at.getTime());
  const nonce = randomBytes(16).toString("hex");
  const signed = signingString({
    method: "POST",
    pathWithQuery: `${target.pathname}${target.search}`,
    timestamp,
    nonce,
    body,
  });
  const previous = app.signer.previous;
  return {
    url,
    body,
    headers: {
      "content-type": "application/json",
      [OPENAPI_HEADERS.appId]: app.appId,
      [OPENAPI_HEADERS.timestamp]: timestamp,
      [OPENAPI_HEADERS.nonce]: nonce,
      [OPENAPI_HEADERS.signature]: app.signer.sign(signed),
      [OPENAPI_HEADERS.keySerial]: String(app.signer.serial),
      ...(previous && {
        [OPENAPI_HEADERS.previousKeySerial]: String(previous.serial),
        [OPENAPI_HEADERS.previousSignature]: previous.sign(signed),
      }),
      [OPENAPI_HEADERS.eventId]: event.eventId,
      [OPENAPI_HEADERS.apiVersion]: OPENAPI_REVISION,
    },
  };
}

/** The URL as the delivery log shows it: credentials in it (user:password@) are never stored. */
export function loggableUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.toString();
  } catch {
    return url.slice(0, 500);
  }
}
