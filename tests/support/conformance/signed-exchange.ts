import { randomBytes } from "node:crypto";
import { OPENAPI_HEADERS, signingString } from "#contracts";
import { answerIsSigned, type OpenApiClient, signWith } from "../open-api";
import type { TestApp } from "../test-app";

/** One request and what came back, as the checks read it. */
export interface Exchange {
  method: string;
  url: string;
  /** The body sent, as sent. */
  sent: string;
  status: number;
  headers: Record<string, unknown>;
  /** The body received (empty for HEAD, whatever the server meant to send). */
  body: string;
}

/**
 * A signed request with any method (the shared helper types only GET and POST): the four headers over
 * `METHOD\npath-with-query\ntimestamp\nnonce\nbody\n`, as docs/open-api.md "Signing a request" says.
 */
export async function signedExchange(
  t: TestApp,
  client: OpenApiClient,
  method: string,
  url: string,
  body?: unknown,
): Promise<Exchange> {
  const sent = body === undefined ? "" : JSON.stringify(body);
  const timestamp = String(t.clock.now().getTime());
  const nonce = randomBytes(12).toString("hex");
  const headers: Record<string, string> = {
    [OPENAPI_HEADERS.appId]: client.appId,
    [OPENAPI_HEADERS.timestamp]: timestamp,
    [OPENAPI_HEADERS.nonce]: nonce,
    [OPENAPI_HEADERS.signature]: signWith(
      client.key,
      signingString({ method, pathWithQuery: url, timestamp, nonce, body: sent }),
    ),
    "accept-language": "en-US",
  };
  if (sent) headers["content-type"] = "application/json";
  // light-my-request takes any token as a method; its types list the common ones only.
  const res = await t.app.inject({ method: method as "GET", url, headers, ...(sent && { payload: sent }) });
  return { method, url, sent, status: res.statusCode, headers: res.headers, body: res.body };
}

/**
 * Whether the answer verifies with the platform public key over the bytes received ("Verifying our answers"):
 * the four headers present, a key serial among them, the signature over this method, path and body.
 */
export function isSignedAnswer(client: OpenApiClient, exchange: Exchange): boolean {
  const serial = exchange.headers[OPENAPI_HEADERS.keySerial];
  if (typeof serial !== "string" || !/^\d+$/.test(serial)) return false;
  return answerIsSigned(client, exchange, exchange);
}
