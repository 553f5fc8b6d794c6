import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { eventTypes, PlatformKey } from "#contracts";
import {
  createOpenApiClient,
  type EventQuery,
  OpenApiError,
  type PlatformKeys,
  UnverifiedError,
  verifyCallback,
} from "../../clients/typescript/src/index.ts";
import { merchantApps } from "../../server/src/db/schema";
import { platformSigner } from "../../server/src/modules/api-settings/api-settings.repository";
import { runDeliveriesOnce } from "../../server/src/modules/delivery/delivery.worker";
import { signedRequest } from "../../server/src/modules/delivery/payloads";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { ensureSandbox } from "../../server/src/modules/sandbox/sandbox.service";
import { call, closeTestApp, EN, expectOk } from "../support/api-helpers";
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
    // Callbacks go to a receiver on 127.0.0.1 (the rotation test).
    t = await startTestApp(engine, { config: { SIMULATOR_DELAY_MS: "0", OUTBOUND_ALLOW_PRIVATE: "true" } });
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
      { appId: app.appId, signer: platformSigner(t.deps.cipher, row!, t.clock.now()) },
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
  it("asks for every event type the server knows", () => {
    expectTypeOf<NonNullable<EventQuery["type"]>>().toEqualTypeOf<(typeof eventTypes)[number]>();
  });

  describe("across a platform-key rotation, trusting only the old key", () => {
    let rotating: Shop;
    let creds: OpenApiClient;
    let oldKey: string;
    let rotated: PlatformKey;
    let callbacks: { path: string; headers: http.IncomingHttpHeaders; body: string }[];
    let hooks: http.Server;
    const onlyOld = (): PlatformKeys => ({ "1": oldKey });
    const ownTopup = (merchantOrderNo: string) => ({
      productId: rotating.topup.productId,
      skuId: rotating.topup.skuId,
      inputs: { account: "13800138000" },
      merchantOrderNo,
    });
    /** A client of the rotating shop that trusts only the old key; counts its calls of GET /keys. */
    const oldClient = (overrides: Partial<Parameters<typeof createOpenApiClient>[0]> = {}) => {
      const seen = { keysCalls: 0, persisted: [] as PlatformKeys[] };
      const counting: typeof fetch = (input, init) => {
        if (new URL(String(input)).pathname === "/openapi/v1/keys") seen.keysCalls++;
        return fetch(input, init);
      };
      const api = client({
        appId: creds.appId,
        key: creds.key.type === "HMAC" ? { secret: creds.key.secret } : { privateKey: creds.key.privateKey },
        platformKeys: onlyOld(),
        onPlatformKeysChange: (keys) => {
          seen.persisted.push(keys);
        },
        fetch: counting,
        ...overrides,
      });
      return { api, seen };
    };
    /** Fulfils every order and delivers every callback due; answers the callbacks received meanwhile. */
    const deliver = async () => {
      const before = callbacks.length;
      while ((await runFulfilmentOnce(t.deps)) > 0);
      while ((await runDeliveriesOnce(t.deps)) > 0);
      return callbacks.slice(before);
    };
    const received = (c: { path: string; headers: http.IncomingHttpHeaders; body: string }) => ({
      pathWithQuery: c.path,
      headers: c.headers,
      rawBody: c.body,
    });

    beforeAll(async () => {
      rotating = await openShop(t, { balance: "100" });
      creds = await openApiClient(t, rotating.merchantId);
      oldKey = creds.platformPublicKey;
      callbacks = [];
      hooks = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
          callbacks.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
          res.writeHead(200).end("ok");
        });
      });
      await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
      const { port } = hooks.address() as AddressInfo;
      await t.deps.db
        .update(merchantApps)
        .set({ callbackUrl: `http://127.0.0.1:${port}/hooks/orders?src=portal` })
        .where(eq(merchantApps.merchantId, rotating.merchantId));
    });
    afterAll(() => new Promise<void>((resolve) => hooks.close(() => resolve())));

    it("refuses nothing, learns the new key from the keys answer once, and reports orders placed as placed", async () => {
      const { api, seen } = oldClient();
      expect((await api.placeOrder(ownTopup("ROT-1"))).status).toBe("processing");

      // An admin rotates the platform key in the portal.
      const admin = rotating.merchant.users.admin.username;
      const token = await t.login(admin);
      rotated = expectOk<PlatformKey>(
        await call(t, "POST", "/portal/merchant/api/app/keys", { token, lang: EN, stepUp: admin }),
        EN,
      );
      expect(rotated.platformKeySerial).toBe(2);

      // The first answer signed by the new key is verified by the old key's signature beside it: the order is placed.
      const placed = await api.placeOrder(ownTopup("ROT-2"));
      expect(placed).toMatchObject({ merchantOrderNo: "ROT-2", status: "processing" });
      const both = { "1": oldKey, "2": rotated.platformPublicKey };
      expect(api.platformKeys()).toEqual(both);
      expect(seen).toEqual({ keysCalls: 1, persisted: [both] });
      // From then on the new key verifies on its own; nothing more is asked.
      expect(await api.balance()).toMatchObject({ balance: "80.0000" });
      expect((await api.order("ROT-2")).orderNo).toBe(placed.orderNo);
      const listed: string[] = [];
      for await (const order of api.orders({ limit: 1 })) listed.push(order.merchantOrderNo);
      expect(listed).toEqual(["ROT-1", "ROT-2"]);
      expect(seen.keysCalls).toBe(1);

      // Told not to learn (the old key may have leaked): answers the old key verifies are used, nothing is asked.
      const cautious = oldClient({ learnNewKeys: false });
      expect(await cautious.api.balance()).toMatchObject({ balance: "80.0000" });
      expect(cautious.api.platformKeys()).toEqual(onlyOld());
      expect(cautious.seen).toEqual({ keysCalls: 0, persisted: [] });

      // keys() itself, asked first by a client with only the old key, verifies and teaches the new key.
      const other = oldClient();
      expect((await other.api.keys()).keys.map((k) => k.serial)).toEqual([2, 1]);
      expect(other.api.platformKeys()).toEqual(both);
      expect(other.seen.persisted).toEqual([both]);
    });

    it("verifies callbacks signed during the overlap with the old key, and learns the new key from them", async () => {
      const sent = await deliver();
      expect(sent.map((c) => JSON.parse(c.body).data.merchantOrderNo).sort()).toEqual(["ROT-1", "ROT-2"]);
      for (const c of sent) {
        expect(c.headers["x-key-serial"]).toBe("2");
        expect(c.headers["x-previous-key-serial"]).toBe("1");
        expect(verifyCallback({ ...received(c), platformKeys: onlyOld() }).type).toBe("order.success");
      }
      const { api, seen } = oldClient();
      expect((await api.verifyCallback(received(sent[0]!))).type).toBe("order.success");
      expect(api.platformKeys()).toEqual({ "1": oldKey, "2": rotated.platformPublicKey });
      expect(seen.keysCalls).toBe(1);
    });

    it("refuses an answer or a callback whose previous signature was tampered with, and learns nothing", async () => {
      const flip = (signature: string) => {
        const bytes = Buffer.from(signature, "base64");
        bytes[10] = (bytes[10] ?? 0) ^ 0xff;
        return bytes.toString("base64");
      };
      const tampering: typeof fetch = async (input, init) => {
        const res = await fetch(input, init);
        const headers = new Headers(res.headers);
        headers.set("x-previous-signature", flip(headers.get("x-previous-signature") ?? ""));
        return new Response(await res.text(), { status: res.status, headers });
      };
      const { api, seen } = oldClient({ fetch: tampering });
      await expect(api.balance()).rejects.toBeInstanceOf(UnverifiedError);
      await expect(api.placeOrder(ownTopup("ROT-TAMPERED"))).rejects.toBeInstanceOf(UnverifiedError);
      expect(api.platformKeys()).toEqual(onlyOld());
      expect(seen).toEqual({ keysCalls: 0, persisted: [] });

      const c = callbacks[0]!;
      const forged = {
        ...received(c),
        headers: { ...c.headers, "x-previous-signature": flip(String(c.headers["x-previous-signature"])) },
      };
      expect(() => verifyCallback({ ...forged, platformKeys: onlyOld() })).toThrow(UnverifiedError);
      const fresh = oldClient();
      await expect(fresh.api.verifyCallback(forged)).rejects.toBeInstanceOf(UnverifiedError);
      expect(fresh.seen.keysCalls).toBe(0);
    });

    it("after the overlap, signs with the new key only: the old key verifies nothing, a client that learnt goes on", async () => {
      const { api, seen } = oldClient();
      await api.balance(); // learns the new key while the overlap runs
      // The overlap ends (the clock of this test cannot jump a day: the client signs with the real time).
      await t.deps.db
        .update(merchantApps)
        .set({ previousPlatformKeyUntil: new Date(t.clock.now().getTime() - 1000) })
        .where(eq(merchantApps.merchantId, rotating.merchantId));

      await expect(oldClient().api.balance()).rejects.toBeInstanceOf(UnverifiedError);
      expect(await api.placeOrder(ownTopup("ROT-3"))).toMatchObject({ status: "processing" });
      // The keys answer no longer lists the old key: the client stops trusting it and says so.
      expect((await api.keys()).keys.map((k) => k.serial)).toEqual([2]);
      expect(api.platformKeys()).toEqual({ "2": rotated.platformPublicKey });
      expect(seen.persisted.at(-1)).toEqual({ "2": rotated.platformPublicKey });

      // ROT-TAMPERED was placed too: the server took it, only its answer was refused by the client.
      const late = (await deliver()).find((c) => JSON.parse(c.body).data.merchantOrderNo === "ROT-3");
      expect(late!.headers).not.toHaveProperty("x-previous-key-serial");
      expect(late!.headers).not.toHaveProperty("x-previous-signature");
      expect(() => verifyCallback({ ...received(late!), platformKeys: onlyOld() })).toThrow(UnverifiedError);
      expect(await api.verifyCallback(received(late!))).toMatchObject({ data: { merchantOrderNo: "ROT-3" } });
    });
  });
});
