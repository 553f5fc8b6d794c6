import { totpCode } from "../../server/src/modules/auth/totp";
import { DEMO_PASSWORD } from "../../server/src/modules/provisioning/demo-seed";
import { type Server, sleep } from "./server-process";

/** Calls and waits the process tests share: the real server over HTTP, signed in as the demo's operator. */

const OVERALL_MS = 60_000;

export async function api<T>(server: Server, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/portal${url}`, {
    method,
    headers: {
      "accept-language": "en-US",
      ...(token ? { authorization: token } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

export interface Shop {
  token: string;
  productId: number;
  skuId: number;
}

/** Signs a demo user in, binding MFA as the browser's dialog would; the secret is kept to sign in again elsewhere. */
export async function signIn(server: Server, username: string): Promise<{ token: string; mfaKey: string }> {
  const login = await api<{ tokenHead: string; token: string }>(server, "POST", "/merchant/api/login", undefined, {
    username,
    password: DEMO_PASSWORD,
    captcha: "",
  });
  const token = `${login.tokenHead}${login.token}`;
  // The server refuses everything else until MFA is bound.
  const mfaKey = await api<string>(server, "GET", "/merchant/api/mfa/key", token);
  await api(server, "POST", "/merchant/api/mfa/bind", token, { mfaKey, captcha: totpCode(mfaKey, new Date()) });
  return { token, mfaKey };
}

/** Finds DEMO-MOBILE-TOPUP and an orderable SKU of it as the signed-in user sees them: the demo seed is there. */
export async function shopOf(server: Server, token: string): Promise<Shop> {
  const products = await api<{ list: { id: number; code: string; skus: { id: number; orderable: boolean }[] }[] }>(
    server,
    "GET",
    "/merchant/api/product/list?pageSize=100",
    token,
  );
  const topup = products.list.find((p) => p.code === "DEMO-MOBILE-TOPUP")!;
  return { token, productId: topup.id, skuId: topup.skus.find((s) => s.orderable)!.id };
}

/** Signs in as a demo user (the operator unless said) ready to order the demo top-up. */
export async function demoShop(server: Server, username = "operator@demo.test"): Promise<Shop> {
  return shopOf(server, (await signIn(server, username)).token);
}

export const processingCount = async (server: Server, shop: Shop) =>
  (await api<{ total: number }>(server, "GET", "/merchant/api/order/list?status=processing", shop.token)).total;

export async function waitUntilNoneProcessing(server: Server, shop: Shop) {
  const started = Date.now();
  for (;;) {
    const left = await processingCount(server, shop);
    if (left === 0) return;
    if (Date.now() - started > OVERALL_MS) throw new Error(`${left} orders still Processing after 60 s`);
    await sleep(200);
  }
}
