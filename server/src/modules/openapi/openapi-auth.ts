import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { type KeyType, NONCE_PATTERN, OPENAPI_HEADERS, TIMESTAMP_WINDOW_MS } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { queryRows } from "../../db/raw";
import { fail } from "../../lib/failure";
import { whitelistMatcher } from "../../lib/net-guard";
import { hmacVerify, rsaVerify, signingBytes } from "../../lib/signing";
import { type PlatformSigner, platformSigner } from "../api-settings/api-settings.repository";

/** Who is calling the Open API, once the request is proven to come from them. */
export interface OpenApiCaller {
  merchantId: number;
  merchantNo: string;
  appId: string;
}

interface AppLookup {
  merchant_id: string | number;
  merchant_no: string;
  merchant_status: string;
  key_type: KeyType;
  merchant_public_key: string;
  secret_sealed: string | null;
  /** The secret before the last rotation, while its overlap runs (null otherwise). */
  previous_secret_sealed: string | null;
  ip_whitelist: string[];
  platform_key_serial: number;
  platform_private_key_sealed: string;
  /** The platform key before the last rotation: it signs answers beside the current one until its overlap ends. */
  previous_platform_key_serial: number | null;
  previous_platform_private_key_sealed: string | null;
  previous_platform_key_until: Date | string | null;
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === "string" ? value.trim() : "";
};

/** The four headers, well-formed; the AppID alone when that is all there is (for throttling). */
export function signatureHeaders(request: FastifyRequest) {
  const appId = header(request, OPENAPI_HEADERS.appId);
  const timestamp = header(request, OPENAPI_HEADERS.timestamp);
  const nonce = header(request, OPENAPI_HEADERS.nonce);
  const signature = header(request, OPENAPI_HEADERS.signature);
  const complete =
    appId !== "" && appId.length <= 64 && /^\d{1,16}$/.test(timestamp) && NONCE_PATTERN.test(nonce) && signature !== "";
  return { appId, timestamp, nonce, signature, complete };
}

/**
 * Everything that can be checked without the body: headers, AppID, client address, timestamp. `onApp` receives
 * the platform signer as soon as the AppID is known, so even refusals to a known AppID are signed. Nothing is
 * written. (A body too large to read gets this far and no further: see openapi-plugin.)
 */
export async function identifyOpenApiApp(
  deps: AppDeps,
  request: FastifyRequest,
  onApp: (signer: PlatformSigner, merchantId: number) => void,
) {
  const headers = signatureHeaders(request);
  if (!headers.complete) throw fail("missingHeaders");
  const [app] = await queryRows<AppLookup>(
    deps.db,
    sql`
      select a.merchant_id, m.merchant_no, coalesce(live.status, m.status) as merchant_status, a.key_type,
        a.merchant_public_key,
        a.secret_sealed, a.ip_whitelist, a.platform_key_serial, a.platform_private_key_sealed,
        a.previous_platform_key_serial, a.previous_platform_private_key_sealed, a.previous_platform_key_until,
        case when a.previous_secret_until > ${deps.clock.now().toISOString()}::timestamptz
          then a.previous_secret_sealed end as previous_secret_sealed
      from merchant_apps a join merchants m on m.id = a.merchant_id
        -- A sandbox stands or falls with its live merchant: disabling the merchant stops its sandbox too.
        left join merchants live on live.id = m.sandbox_of
      where a.app_id = ${headers.appId}`,
  );
  if (!app) throw fail("unknownAppId");
  onApp(
    platformSigner(
      deps.cipher,
      {
        platformKeySerial: app.platform_key_serial,
        platformPrivateKeySealed: app.platform_private_key_sealed,
        previousPlatformKeySerial: app.previous_platform_key_serial,
        previousPlatformPrivateKeySealed: app.previous_platform_private_key_sealed,
        previousPlatformKeyUntil:
          app.previous_platform_key_until === null ? null : new Date(app.previous_platform_key_until),
      },
      deps.clock.now(),
    ),
    Number(app.merchant_id),
  );
  if (!whitelistMatcher(app.ip_whitelist)(request.ip)) throw fail("ipNotAllowed", { ip: request.ip });
  const now = deps.clock.now();
  if (Math.abs(now.getTime() - Number(headers.timestamp)) > TIMESTAMP_WINDOW_MS)
    throw fail("timestampExpired", { serverTime: now.getTime() });
  return { app, ...headers };
}

/**
 * Proves a request comes from the AppID's holder, in an order that tells an honest client exactly what to fix
 * and tells a stranger nothing about a merchant: headers, AppID, client address, timestamp, key, signature,
 * nonce, merchant status. The nonce is claimed only once the signature verified, so a stranger who knows an
 * AppID cannot make the server write anything.
 */
export async function authenticateOpenApi(
  deps: AppDeps,
  request: FastifyRequest,
  rawBody: Buffer,
  onApp: (signer: PlatformSigner, merchantId: number) => void,
): Promise<OpenApiCaller> {
  const { app, appId, timestamp, nonce, signature } = await identifyOpenApiApp(deps, request, onApp);
  const signed = signingBytes({ method: request.method, pathWithQuery: request.url, timestamp, nonce }, rawBody);
  if (!verifies(deps, app, signed, signature)) throw fail("invalidSignature");
  // An unlogged insert (see schema.ts); a nonce seen before within the window is a replay.
  const claimed = await queryRows<{ claimed: number }>(
    deps.db,
    sql`
      insert into api_nonces (merchant_id, nonce, created_at)
      values (${Number(app.merchant_id)}, ${nonce}, ${deps.clock.now().toISOString()})
      on conflict do nothing
      returning 1 as claimed`,
  );
  if (claimed.length === 0) throw fail("nonceReused");
  if (app.merchant_status !== "enabled") throw fail("merchantDisabled");
  return { merchantId: Number(app.merchant_id), merchantNo: app.merchant_no, appId };
}

function verifies(deps: AppDeps, app: AppLookup, signed: Buffer, signature: string): boolean {
  if (app.key_type === "HMAC") {
    if (!app.secret_sealed) throw fail("secretMissing");
    if (hmacVerify(deps.cipher.decrypt(app.secret_sealed), signed, signature)) return true;
    // During a rotation's overlap the previous secret still signs (servers switch one by one).
    return (
      app.previous_secret_sealed !== null &&
      hmacVerify(deps.cipher.decrypt(app.previous_secret_sealed), signed, signature)
    );
  }
  const publicKey = app.merchant_public_key ? deps.publicKey(app.merchant_public_key) : null;
  if (!publicKey) throw fail("publicKeyMissing");
  return rsaVerify(publicKey, signed, signature);
}
