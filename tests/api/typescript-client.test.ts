import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createOpenApiClient,
  OpenApiError,
  UnverifiedError,
  verifyCallback,
} from "../../clients/typescript/src/index.ts";
import { merchantApps } from "../../server/src/db/schema";
import { platformSigner } from "../../server/src/modules/api-settings/api-settings.repository";
import { signedRequest } from "../../server/src/modules/delivery/payloads";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { ensureSandbox } from "../../server/src/modules/sandbox/sandbox.service";
import { closeTestApp } from "../support/api-helpers";
import { type OpenApiClient, openApiClient } from "../support/open-api";
import { balanceOf, openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * The TypeScript client in clients/typescript (issue 17 §6), against the real server listening on a port: it
 * signs, verifies every answer and refuses what it cannot verify, retries an order whose answer was lost without
 * ordering twice, pages through orders, and verifies callbacks.
 */
describe.each(engines)("the TypeScript Open API client on %s", (engine) => {
  let t: TestApp;
  let shop: Shop;
  let app: OpenApiClient;
  let baseUrl: string;
  const client = (overrides: Partial<Parameters<typeof createOpenApiClient>[0]> = {}) =>
    createOpenApiClient({
      baseUrl,
      appId: app.appId,
      key: app.key.type === "HMAC" ? { secret: app.key.secret } : { privateKey: app.key.privateKey },
      platformKeys: { "1": app.platformPublicKey },
      retryDelayMs: 1,
      ...overrides,
    });
  const topup = (merchantOrderNo?: string) => ({
    productId: shop.topup.productId,
    skuId: shop.topup.skuId,
    inputs: { account: "13800138000" },
    ...(merchantOrderNo && { merchantOrderNo }),
  });

  beforeAll(async () => {
    t = await startTestApp(engine, { config: { SIMULATOR_DELAY_MS: "0" } });
    // The client signs with the real time.
    t.clock.set(new Date());
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === "string") throw new Error("no TCP address");
    baseUrl = `http://127.0.0.1:${address.port}`;
    shop = await openShop(t, { balance: "100" });
    app = await openApiClient(t, shop.merchantId);
  });
  afterAll(() => closeTestApp(t));

  it("reads the balance and products, places an order and reads it back, every answer verified", async () => {
    const api = client();
    expect(await api.balance()).toMatchObject({ balance: "100.0000", currency: "USD" });
    const products = await api.products();
    expect(products.list.some((p) => p.skus.some((s) => s.id === shop.topup.skuId && s.orderable))).toBe(true);
    const placed = await api.placeOrder(topup("TS-1"));
    expect(placed).toMatchObject({ merchantOrderNo: "TS-1", status: "processing", failCode: null });
    expect((await api.order("TS-1")).orderNo).toBe(placed.orderNo);
    expect((await api.orderByOrderNo(placed.orderNo)).merchantOrderNo).toBe("TS-1");
    expect((await api.keys()).keys.map((k) => k.serial)).toEqual([1]);
  });

  it("retries an order whose answer was lost with the same number: one order, one debit", async () => {
    const before = await balanceOf(t, shop.merchantId);
    let tries = 0;
    // The server takes the order, and the answer never arrives (a dropped connection).
    const lossy: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (tries++ === 0) throw new TypeError("fetch failed: socket hang up");
      return res;
    };
    const order = await client({ fetch: lossy }).placeOrder(topup());
    expect(tries).toBe(2);
    expect(order.merchantOrderNo).toMatch(/^MO-/);
    expect(Number(before) - Number(await balanceOf(t, shop.merchantId))).toBeCloseTo(Number(order.amount), 4);
  });

  it("answers refusals as errors with their code, and never retries one", async () => {
    let tries = 0;
    const counted: typeof fetch = (input, init) => {
      tries++;
      return fetch(input, init);
    };
    const api = client({ fetch: counted });
    const refused = await api.placeOrder({ ...topup(), skuId: 999_999 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenApiError);
    expect(refused).toMatchObject({
      status: 404,
      errorCode: "PRODUCT_NOT_FOUND",
      // The server's path, resolved against the address the client calls.
      errorDocs: `${baseUrl}/portal/reference/open-api#error-PRODUCT_NOT_FOUND`,
    });
    expect(tries).toBe(1);
    const missing = await api.order("no-such-order").catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, errorCode: "NOT_FOUND", data: { errorCode: "NOT_FOUND" } });
  });

  it("refuses answers it cannot verify: another platform key, or none", async () => {
    const other = await openApiClient(t, (await openShop(t)).merchantId);
    const fooled = client({ platformKeys: { "1": other.platformPublicKey } });
    await expect(fooled.balance()).rejects.toBeInstanceOf(UnverifiedError);
    const unknownApp = client({ appId: "app_nobody" });
    await expect(unknownApp.balance()).rejects.toBeInstanceOf(UnverifiedError);
  });

  it("pages through every order for reconciliation", async () => {
    const api = client();
    for (const n of [2, 3, 4]) await api.placeOrder(topup(`TS-${n}`));
    const seen: string[] = [];
    for await (const order of api.orders({ limit: 2 })) seen.push(order.merchantOrderNo);
    expect(seen.filter((n) => n.startsWith("TS-"))).toEqual(["TS-1", "TS-2", "TS-3", "TS-4"]);
    expect(seen).toHaveLength(5);
    // Once they finish, each has its event (no callback URL is set here: they are kept, unsent).
    while ((await runFulfilmentOnce(t.deps)) > 0);
    const events: string[] = [];
    for await (const event of api.events({ limit: 2 })) events.push(`${event.type} ${event.deliveryStatus}`);
    expect(events).toEqual(Array(5).fill("order.success unsent"));
  });

  it("verifies a callback over the raw body and the URL's path, and refuses a changed one", async () => {
    const [row] = await t.deps.db.select().from(merchantApps).where(eq(merchantApps.merchantId, shop.merchantId));
    const event = { eventId: "evt-1", type: "order.success", createdAt: new Date(), payload: { orderNo: "P1" } };
    const sent = signedRequest(
      "https://shop.example/hooks?src=portal",
      event,
      { appId: app.appId, signer: platformSigner(t.deps.cipher, row!) },
      new Date(),
    );
    const received = {
      pathWithQuery: "/hooks?src=portal",
      headers: sent.headers,
      platformKeys: { "1": app.platformPublicKey },
    };
    expect(verifyCallback({ ...received, rawBody: Buffer.from(sent.body) })).toMatchObject({
      eventId: "evt-1",
      type: "order.success",
      data: { orderNo: "P1" },
    });
    expect(() => verifyCallback({ ...received, rawBody: sent.body.replace("P1", "P2") })).toThrow(UnverifiedError);
    expect(() => verifyCallback({ ...received, pathWithQuery: "/hooks", rawBody: sent.body })).toThrow(UnverifiedError);
  });

  it("works the same against the sandbox with the sandbox's credentials: play money, live balance untouched", async () => {
    const sandboxId = await ensureSandbox(t.deps, shop.merchantId);
    const sandbox = await openApiClient(t, sandboxId);
    const api = client({
      appId: sandbox.appId,
      key: sandbox.key.type === "HMAC" ? { secret: sandbox.key.secret } : { privateKey: sandbox.key.privateKey },
      platformKeys: { "1": sandbox.platformPublicKey },
    });
    const live = await balanceOf(t, shop.merchantId);
    await api.placeOrder(topup("TS-SANDBOX"));
    expect(await api.balance()).toMatchObject({ balance: "9990.0000" });
    expect(await balanceOf(t, shop.merchantId)).toBe(live);
    // Credentials mixed up: the live secret signs nothing the sandbox accepts, and its refusal is signed with the
    // sandbox's platform key, which a client trusting only the live one refuses in turn.
    await expect(client({ appId: sandbox.appId }).balance()).rejects.toBeInstanceOf(UnverifiedError);
  });
});
