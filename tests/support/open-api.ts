import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { OPENAPI_HEADERS, signingString } from "#contracts";
import { merchantApps } from "../../server/src/db/schema";
import { generateRsaKeyPair, hmacSign, rsaSign, rsaVerify } from "../../server/src/lib/signing";
import { ensureApp } from "../../server/src/modules/api-settings/api-settings.repository";
import type { TestApp } from "./test-app";

export type ClientKey = { type: "HMAC"; secret: string } | { type: "RSA2"; privateKey: string };

export interface OpenApiClient {
  appId: string;
  key: ClientKey;
  platformPublicKey: string;
}

/** One RSA key pair per test run: generating one takes ~0.3 s. */
let merchantKeys: Promise<{ publicKey: string; privateKey: string }> | null = null;
export const merchantKeyPair = () => {
  merchantKeys ??= generateRsaKeyPair();
  return merchantKeys;
};

/** Sets a merchant's API application up the way an admin would (app, key type, secret or public key, whitelist). */
export async function openApiClient(
  t: TestApp,
  merchantId: number,
  { keyType = "HMAC", ipWhitelist = [] }: { keyType?: "HMAC" | "RSA2"; ipWhitelist?: string[] } = {},
): Promise<OpenApiClient> {
  const app = await ensureApp(t.deps, merchantId);
  const secret = randomBytes(32).toString("base64url");
  const pair = await merchantKeyPair();
  await t.deps.db
    .update(merchantApps)
    .set({
      keyType,
      secretSealed: t.deps.cipher.encrypt(secret),
      secretHint: secret.slice(-4),
      merchantPublicKey: pair.publicKey,
      ipWhitelist,
    })
    .where(eq(merchantApps.merchantId, merchantId));
  const key: ClientKey = keyType === "HMAC" ? { type: "HMAC", secret } : { type: "RSA2", privateKey: pair.privateKey };
  return { appId: app.appId, key, platformPublicKey: app.platformPublicKey };
}

export function signWith(key: ClientKey, message: string): string {
  return key.type === "HMAC" ? hmacSign(key.secret, message) : rsaSign(key.privateKey, message);
}

export interface SignedCall {
  method: "GET" | "POST";
  url: string;
  body?: unknown;
  /** Overrides, to build the bad requests the tests need. */
  timestamp?: string;
  nonce?: string;
  appId?: string;
  signature?: string;
  /** Signs this body but sends `body` (a tampered request). */
  signedBody?: string;
  key?: ClientKey;
  remoteAddress?: string;
  language?: string;
  /** Sent (and signed) as is instead of `body` as JSON: bodies that are not JSON, or too large. */
  rawBody?: string;
  /** Instead of application/json. */
  contentType?: string;
}

/** A signed Open API request through the real server (inject), as an SDK would send it. */
export async function openApiCall(t: TestApp, client: OpenApiClient, call: SignedCall) {
  const body = call.rawBody ?? (call.body === undefined ? "" : JSON.stringify(call.body));
  const timestamp = call.timestamp ?? String(t.clock.now().getTime());
  const nonce = call.nonce ?? randomBytes(12).toString("hex");
  const message = signingString({
    method: call.method,
    pathWithQuery: call.url,
    timestamp,
    nonce,
    body: call.signedBody ?? body,
  });
  const headers: Record<string, string> = {
    [OPENAPI_HEADERS.appId]: call.appId ?? client.appId,
    [OPENAPI_HEADERS.timestamp]: timestamp,
    [OPENAPI_HEADERS.nonce]: nonce,
    [OPENAPI_HEADERS.signature]: call.signature ?? signWith(call.key ?? client.key, message),
    "accept-language": call.language ?? "en-US",
  };
  if (body.length > 0) headers["content-type"] = call.contentType ?? "application/json";
  return t.app.inject({
    method: call.method,
    url: call.url,
    headers,
    payload: body || undefined,
    remoteAddress: call.remoteAddress,
  });
}

/** Whether an answer carries a valid platform signature over exactly its bytes. */
export function answerIsSigned(
  client: OpenApiClient,
  call: { method: string; url: string },
  res: { headers: Record<string, unknown>; body: string },
): boolean {
  const header = (name: string) => String(res.headers[name] ?? "");
  const message = signingString({
    method: call.method,
    pathWithQuery: call.url,
    timestamp: header(OPENAPI_HEADERS.timestamp),
    nonce: header(OPENAPI_HEADERS.nonce),
    body: res.body,
  });
  return rsaVerify(client.platformPublicKey, message, header(OPENAPI_HEADERS.signature));
}

/** `openApiCall` with any HTTP method, those no call takes included (QUERY, TRACE, HEAD...). */
export function openApiCallWithMethod(
  t: TestApp,
  client: OpenApiClient,
  call: Omit<SignedCall, "method"> & { method: string },
) {
  return openApiCall(t, client, call as SignedCall);
}
