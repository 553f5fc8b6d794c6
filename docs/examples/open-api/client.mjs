// Merchant Portal Open API: a complete client in plain Node (18+), no dependencies.
//
//   OPENAPI_BASE_URL=http://127.0.0.1:8080 OPENAPI_APP_ID=app_... OPENAPI_SECRET=... \
//   OPENAPI_PLATFORM_PUBLIC_KEY_FILE=platform.pem OPENAPI_PLATFORM_KEY_SERIAL=1 node client.mjs [productId skuId account]
//
// For RSA2 give OPENAPI_PRIVATE_KEY_FILE (your PKCS#8 or PKCS#1 PEM) instead of OPENAPI_SECRET.
// It fails closed: an answer that is not signed by the platform key you configured (a missing signature, a
// signature that does not verify, another X-Key-Serial) is refused, whatever it says. For a day after the platform
// key is rotated, answers carry the previous key's signature too (X-Previous-Key-Serial, X-Previous-Signature):
// the client accepts that one from the key you configured, and says on stderr which new key to install.
// Without arguments it prints the balance and the products; with them it also places an order and reads it back.
import { createHmac, randomBytes, sign, verify } from "node:crypto";
import { readFileSync } from "node:fs";

/** METHOD, path with query, timestamp, nonce and raw body, each followed by "\n". */
export function signingString(method, pathWithQuery, timestamp, nonce, body) {
  return `${method.toUpperCase()}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

export function signRequest(key, message) {
  if (key.secret) return createHmac("sha256", key.secret).update(message, "utf8").digest("base64");
  return sign("sha256", Buffer.from(message, "utf8"), key.privateKey).toString("base64");
}

/** Answers are signed by the platform key over the same string: your method and path, their timestamp, nonce, body. */
export function answerIsAuthentic(
  platformPublicKey,
  method,
  pathWithQuery,
  headers,
  body,
  signatureHeader = "x-signature",
) {
  const message = signingString(method, pathWithQuery, headers.get("x-timestamp"), headers.get("x-nonce"), body);
  const signature = Buffer.from(headers.get(signatureHeader) ?? "", "base64");
  return verify("sha256", Buffer.from(message, "utf8"), platformPublicKey, signature);
}

/**
 * The serial of the trusted key that signed the answer, or null: the current key's signature (X-Key-Serial), or
 * during the day after a rotation the previous key's (X-Previous-Key-Serial, X-Previous-Signature) over the same string.
 */
export function trustedSigner(platformKeys, method, pathWithQuery, headers, body) {
  for (const [serialHeader, signatureHeader] of [
    ["x-key-serial", "x-signature"],
    ["x-previous-key-serial", "x-previous-signature"],
  ]) {
    const serial = headers.get(serialHeader);
    const key = serial && Object.hasOwn(platformKeys, serial) ? platformKeys[serial] : undefined;
    if (key && answerIsAuthentic(key, method, pathWithQuery, headers, body, signatureHeader)) return serial;
  }
  return null;
}

/** `platformKeys`: the platform public keys you trust, by serial (API Settings shows the serial beside the key). */
export function createClient({ baseUrl, appId, key, platformKeys, language = "en-US" }) {
  return async function call(method, pathWithQuery, payload) {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const timestamp = String(Date.now());
    const nonce = randomBytes(16).toString("hex");
    const headers = {
      "X-App-Id": appId,
      "X-Timestamp": timestamp,
      "X-Nonce": nonce,
      "X-Signature": signRequest(key, signingString(method, pathWithQuery, timestamp, nonce, body)),
      "Accept-Language": language,
    };
    if (body) headers["Content-Type"] = "application/json";
    const res = await fetch(new URL(pathWithQuery, baseUrl), { method, headers, body: body || undefined });
    const text = await res.text();
    // Fail closed. (The server leaves unsigned only what it says before it knows your AppID: a wrong X-App-Id or
    // missing headers, and 503s while overloaded. They are refused here too; the text is shown to help you look.)
    const serial = res.headers.get("x-key-serial");
    const signer = trustedSigner(platformKeys, method, pathWithQuery, res.headers, text);
    if (!signer)
      throw new Error(
        `HTTP ${res.status}: the answer is not signed by a platform key you trust (X-Key-Serial ${serial ?? "none"}); ` +
          `not trusted. Unverified text: ${text.slice(0, 300)}`,
      );
    if (signer !== serial)
      console.error(
        `note: verified with the previous platform key ${signer}; the platform now signs with key ${serial}: ` +
          "install it (GET /openapi/v1/keys lists it, and this answer verifies with the key you have)",
      );
    const envelope = JSON.parse(text);
    if (envelope.code !== 200) throw new Error(`${envelope.data?.errorCode ?? envelope.code}: ${envelope.message}`);
    return envelope.data;
  };
}

async function main() {
  const env = process.env;
  const key = env.OPENAPI_SECRET
    ? { secret: env.OPENAPI_SECRET }
    : { privateKey: readFileSync(env.OPENAPI_PRIVATE_KEY_FILE, "utf8") };
  const call = createClient({
    baseUrl: env.OPENAPI_BASE_URL ?? "http://127.0.0.1:8080",
    appId: env.OPENAPI_APP_ID,
    key,
    platformKeys: {
      [env.OPENAPI_PLATFORM_KEY_SERIAL ?? "1"]: readFileSync(env.OPENAPI_PLATFORM_PUBLIC_KEY_FILE, "utf8"),
    },
  });

  const balance = await call("GET", "/openapi/v1/balance");
  console.log(`balance ${balance.balance} ${balance.currency}`);
  const products = await call("GET", "/openapi/v1/products?pageNum=1&pageSize=100");
  for (const p of products.list)
    for (const s of p.skus) if (s.orderable) console.log(`product ${p.id} sku ${s.id} ${p.name} ${s.spec} ${s.price}`);

  const [productId, skuId, account] = process.argv.slice(2);
  if (!account) return;
  const merchantOrderNo = `EX${Date.now()}`;
  const order = { productId: Number(productId), skuId: Number(skuId), merchantOrderNo, inputs: { account } };
  const placed = await call("POST", "/openapi/v1/orders", order);
  console.log(`placed ${placed.orderNo} ${placed.status}`);
  // Sending the same request again is safe: it answers the same order and charges nothing more.
  const again = await call("POST", "/openapi/v1/orders", order);
  console.log(`repeated ${again.orderNo}`);
  const read = await call("GET", `/openapi/v1/orders/${encodeURIComponent(merchantOrderNo)}`);
  console.log(`read ${read.orderNo} ${read.status} version ${read.version}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
