import { randomBytes } from "node:crypto";
import { OPENAPI_HEADERS, signingString } from "#contracts";
import { type ClientKey, signWith } from "../../tests/support/open-api";
import type { HttpRequestSpec } from "./load";

/**
 * An Open API order as a load's request (bench/open-api.ts, bench/cluster.ts): `order` signed with the client's
 * key at `timestamp`, under a fresh nonce and merchant order number `<prefix>-<nonce>` (each is good once).
 */
export function signedOrderRequest(
  client: { appId: string; key: ClientKey },
  order: object,
  timestamp: string,
  prefix: string,
): HttpRequestSpec {
  const path = "/openapi/v1/orders";
  const nonce = randomBytes(12).toString("hex");
  const body = JSON.stringify({ ...order, merchantOrderNo: `${prefix}-${nonce}` });
  const signature = signWith(
    client.key,
    signingString({ method: "POST", pathWithQuery: path, timestamp, nonce, body }),
  );
  return {
    method: "POST",
    path,
    headers: {
      "content-type": "application/json",
      "accept-language": "en-US",
      [OPENAPI_HEADERS.appId]: client.appId,
      [OPENAPI_HEADERS.timestamp]: timestamp,
      [OPENAPI_HEADERS.nonce]: nonce,
      [OPENAPI_HEADERS.signature]: signature,
    },
    body,
  };
}
