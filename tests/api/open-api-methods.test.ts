import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_FEED_DAYS, OPENAPI_BASE, OPENAPI_HEADERS } from "#contracts";
import { call, closeTestApp } from "../support/api-helpers";
import { answerIsSigned, type OpenApiClient, openApiCallWithMethod, openApiClient } from "../support/open-api";
import { openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

// biome-ignore lint/suspicious/noExplicitAny: the served OpenAPI document, walked as parsed JSON
type Json = any;

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "QUERY"] as const;
const DAY_MS = 86_400_000;

/**
 * Every answer to a known AppID is signed, whatever it asked (the review found QUERY, HEAD, long path parameters
 * unsigned and TRACE answered 404), each path takes only its documented methods (405 + Allow for the rest), and
 * nothing a caller sends is silently ignored or misdescribed: unknown and repeated query parameters are named,
 * and so are a missing field and a number's limit.
 */
describe.each(engines)("the Open API's methods, parameters and messages on %s", (engine) => {
  let t: TestApp;
  let shop: Shop;
  let client: OpenApiClient;
  let document: Json;
  /** The numbers of an order of ours, by the path parameter that names them. */
  const numbers: Record<string, string> = {};
  let n = 0;

  const send = (method: string, url: string, extra: { body?: unknown; language?: string; rawBody?: string } = {}) =>
    openApiCallWithMethod(t, client, { method, url, ...extra });
  const signed = (method: string, url: string, res: { headers: Record<string, unknown>; body: string }) =>
    answerIsSigned(client, { method, url }, res) && res.headers[OPENAPI_HEADERS.keySerial] === "1";
  const fieldErrors = (res: { statusCode: number; json(): Json }) => [
    res.statusCode,
    res.json().data.errorCode,
    res.json().data.errors,
  ];
  const order = () => ({
    productId: shop.topup.productId,
    skuId: shop.topup.skuId,
    inputs: { account: "13800138000" },
    merchantOrderNo: `METHODS-${engine}-${n++}`,
  });

  beforeAll(async () => {
    t = await startTestApp(engine);
    shop = await openShop(t, { balance: "1000" });
    client = await openApiClient(t, shop.merchantId);
    const placed = await send("POST", `${OPENAPI_BASE}/orders`, { body: order() });
    expect(placed.statusCode).toBe(200);
    numbers.orderNo = placed.json().data.orderNo;
    numbers.merchantOrderNo = placed.json().data.merchantOrderNo;
    const res = await call(t, "GET", `${OPENAPI_BASE}/openapi.json`);
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(() => closeTestApp(t));

  /** A path of the document with its parameters filled in (an existing order's numbers, or `value`). */
  const urlOf = (path: string, value?: string) =>
    `${OPENAPI_BASE}${path.replace(/\{([^}]+)\}/g, (_, name: string) => value ?? numbers[name] ?? "")}`;

  it("answers every method on every documented path signed, and 405 with Allow for the undocumented ones", async () => {
    const paths = Object.entries(document.paths as Record<string, Record<string, unknown>>);
    expect(paths.length).toBeGreaterThanOrEqual(6);
    for (const [path, operations] of paths) {
      const documented = Object.keys(operations).map((m) => m.toUpperCase());
      const url = urlOf(path);
      for (const method of METHODS) {
        const what = `${method} ${path}`;
        const res = await send(method, url, method === "POST" && documented.includes("POST") ? { body: order() } : {});
        expect(signed(method, url, res), what).toBe(true);
        if (documented.includes(method)) {
          expect(res.statusCode, what).toBe(200);
          continue;
        }
        expect(res.statusCode, what).toBe(405);
        expect(res.headers.allow, what).toBe(documented.join(", "));
        if (method === "HEAD") {
          // No body reaches the client: the signature covers the empty one it gets.
          expect(res.body, what).toBe("");
          continue;
        }
        expect(res.json(), what).toEqual({
          code: 405,
          message: `${method} is not allowed on ${url}; allowed: ${documented.join(", ")}`,
          data: { errorCode: "METHOD_NOT_ALLOWED", errorDocs: "/portal/reference/open-api#error-METHOD_NOT_ALLOWED" },
        });
      }
    }
  });

  it("says 405 whatever the body, in the caller's language, and only once the signature checks pass", async () => {
    const url = `${OPENAPI_BASE}/balance`;
    for (const extra of [{ rawBody: "<balance/>" }, { rawBody: "{not json" }, { body: { any: "thing" } }]) {
      for (const method of ["QUERY", "PUT", "PATCH", "DELETE"]) {
        const res = await send(method, url, extra);
        expect([res.statusCode, res.json().data.errorCode], `${method} ${extra.rawBody}`).toEqual([
          405,
          "METHOD_NOT_ALLOWED",
        ]);
        expect(signed(method, url, res)).toBe(true);
      }
    }
    const zh = await send("OPTIONS", url, { language: "zh-CN" });
    expect(zh.json().message).toBe(`${url} 不支持 OPTIONS 方法；可用：GET`);
    expect(signed("OPTIONS", url, zh)).toBe(true);
    // A forged signature on a method the path does not take: refused for the signature, signed all the same.
    const forged = await openApiCallWithMethod(t, client, { method: "TRACE", url, signature: "forged" });
    expect([forged.statusCode, forged.json().data.errorCode]).toEqual([401, "INVALID_SIGNATURE"]);
    expect(signed("TRACE", url, forged)).toBe(true);
    // A stranger's AppID is not known: nothing to sign with, and nothing said about the path.
    const stranger = await openApiCallWithMethod(t, client, { method: "QUERY", url, appId: "app_nobody" });
    expect([stranger.statusCode, stranger.json().data.errorCode]).toEqual([401, "UNKNOWN_APP_ID"]);
    expect(stranger.headers.allow).toBeUndefined();
  });

  it("signs a 404 for a path that is not a call, HEAD and QUERY included", async () => {
    const url = `${OPENAPI_BASE}/nothing-here`;
    for (const method of METHODS) {
      const res = await send(method, url);
      expect(res.statusCode, method).toBe(404);
      expect(signed(method, url, res), method).toBe(true);
      if (method !== "HEAD") expect(res.json().data.errorCode).toBe("NOT_FOUND");
    }
  });

  it("judges a path parameter of 200 characters by its rule: 400 naming it, signed, not cacheable", async () => {
    const long = "A".repeat(200);
    for (const [path, field, message] of [
      ["/orders/", "merchantOrderNo", "The merchant order number has 1 to 64 letters, digits, - or _"],
      ["/orders/by-order-no/", "orderNo", "An order number has 1 to 64 letters, digits, - or _"],
    ] as const) {
      const url = `${OPENAPI_BASE}${path}${long}`;
      const res = await send("GET", url);
      expect(fieldErrors(res), field).toEqual([400, "INVALID_REQUEST", { [field]: message }]);
      expect(signed("GET", url, res), field).toBe(true);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    const zh = await send("GET", `${OPENAPI_BASE}/orders/${"x".repeat(65)}`, { language: "zh-CN" });
    expect(zh.json().data.errors).toEqual({ merchantOrderNo: "商户订单号为 1 到 64 位字母、数字、- 或 _" });
  });

  it("refuses a query parameter a call does not take, by name, on every call", async () => {
    for (const url of [
      "/balance?verbose=1",
      "/keys?serial=1",
      "/products?pagesize=10",
      "/orders?statuss=failed",
      "/orders?updatedfrom=2026-01-01T00:00:00Z",
      "/events?sinse=2026-01-01T00:00:00Z",
      `/orders/MO-1?fields=all`,
      `/orders/by-order-no/P1?x=`,
    ]) {
      const name = new URLSearchParams(url.split("?")[1]).keys().next().value as string;
      const res = await send("GET", `${OPENAPI_BASE}${url}`);
      expect(fieldErrors(res), url).toEqual([400, "INVALID_REQUEST", { [name]: `Unknown field "${name}"` }]);
      expect(signed("GET", `${OPENAPI_BASE}${url}`, res)).toBe(true);
    }
    const zh = await send("GET", `${OPENAPI_BASE}/orders?statuss=failed`, { language: "zh-CN" });
    expect(zh.json().data.errors).toEqual({ statuss: "未知字段“statuss”" });
  });

  it("refuses a parameter given twice by name rather than reading one of them", async () => {
    for (const url of ["/orders?status=failed&status=success", "/orders?limit=1&limit=2", "/products?name=a&name=b"]) {
      const name = new URLSearchParams(url.split("?")[1]).keys().next().value as string;
      const res = await send("GET", `${OPENAPI_BASE}${url}`);
      expect(fieldErrors(res), url).toEqual([
        400,
        "INVALID_REQUEST",
        { [name]: `"${name}" is given more than once: give it once` },
      ]);
    }
    const zh = await send("GET", `${OPENAPI_BASE}/orders?limit=1&limit=2`, { language: "zh-CN" });
    expect(zh.json().data.errors).toEqual({ limit: "“limit”出现了多次：只能给一次" });
  });

  it("names a missing field as missing, and a number's limit, in English and Chinese", async () => {
    const { merchantOrderNo: _, ...withoutNumber } = order();
    const orders = `${OPENAPI_BASE}/orders`;
    const cases = [
      {
        method: "POST",
        url: orders,
        body: withoutNumber,
        en: { merchantOrderNo: '"merchantOrderNo" is required' },
        zh: { merchantOrderNo: "缺少必填字段“merchantOrderNo”" },
      },
      {
        method: "GET",
        url: `${orders}?limit=100000`,
        en: { limit: '"limit" must be at most 100' },
        zh: { limit: "“limit”不能大于 100" },
      },
      {
        method: "GET",
        url: `${OPENAPI_BASE}/events?limit=0`,
        en: { limit: '"limit" must be at least 1' },
        zh: { limit: "“limit”不能小于 1" },
      },
      {
        method: "POST",
        url: orders,
        body: { ...order(), quantity: 0 },
        en: { quantity: "Quantity must be between 1 and 100" },
        zh: { quantity: "数量须在 1 到 100 之间" },
      },
      {
        method: "POST",
        url: orders,
        body: { ...order(), productId: 0 },
        en: { productId: '"productId" must be above 0' },
        zh: { productId: "“productId”必须大于 0" },
      },
    ];
    for (const { method, url, body, en, zh } of cases) {
      for (const [language, errors] of [
        ["en-US", en],
        ["zh-CN", zh],
      ] as const) {
        const res = await send(method, url, { body, language });
        expect(fieldErrors(res), `${url} ${language}`).toEqual([400, "INVALID_REQUEST", errors]);
        expect(res.json().message).toBe(Object.values(errors)[0]);
        expect(signed(method, url, res)).toBe(true);
      }
    }
  });

  it("refuses events further back than the feed keeps, naming the window; 30 days back is served", async () => {
    const back = (days: number) => new Date(t.clock.now().getTime() - days * DAY_MS).toISOString();
    const old = `${OPENAPI_BASE}/events?since=${back(60)}`;
    for (const [language, message] of [
      ["en-US", `At most ${EVENT_FEED_DAYS} days back: events older than that are not kept`],
      ["zh-CN", `最多只能查询 ${EVENT_FEED_DAYS} 天内的事件：更早的事件不再保留`],
    ] as const) {
      const res = await send("GET", old, { language });
      expect(fieldErrors(res)).toEqual([400, "INVALID_REQUEST", { since: message }]);
      expect(signed("GET", old, res)).toBe(true);
    }
    expect((await send("GET", `${OPENAPI_BASE}/events?since=${back(EVENT_FEED_DAYS)}`)).statusCode).toBe(200);
    expect((await send("GET", `${OPENAPI_BASE}/events?since=${back(EVENT_FEED_DAYS + 1)}`)).statusCode).toBe(400);
  });

  it("takes exactly the values the document describes: dates, path numbers, product types", async () => {
    const parameter = (path: string, name: string) =>
      (document.paths[path].get.parameters as Json[]).find((p) => p.name === name).schema;
    /** Whether a value meets a documented string schema (patterns, lengths, enumeration). */
    const meets = (schema: Json, value: string): boolean =>
      (schema.pattern === undefined || new RegExp(schema.pattern, "u").test(value)) &&
      (schema.minLength === undefined || [...value].length >= schema.minLength) &&
      (schema.maxLength === undefined || [...value].length <= schema.maxLength) &&
      (schema.enum === undefined || schema.enum.includes(value)) &&
      ((schema.allOf as Json[] | undefined) ?? []).every((part) => meets(part, value));

    const dates = [
      "2026-11-21T10:00:00Z",
      "2026-11-21T10:00:00.123+08:00",
      "1970-01-01T00:00:00Z",
      "1970-01-01T00:00:00+01:00",
      "9999-12-31T23:59:59-05:00",
      // Offsets RFC 3339 allows and PostgreSQL does not read (±16:00 and beyond): a 500 once, found by the fuzzer.
      "2026-11-21T10:00:00+23:59",
      "2026-11-21T10:00:00-16:00",
      "9999-12-31T23:00:00-20:00",
      "1969-12-31T23:59:59Z",
      "0000-01-01T00:00:00Z",
      "2026-11-21T10:00Z",
      "2026-11-21T10:00:00",
      "2026-02-29T00:00:00Z",
      "2028-02-29T00:00:00Z",
      "2026-11-21t10:00:00z",
      "2026-11-21 10:00:00Z",
    ];
    const dateSchema = parameter("/orders", "updatedFrom");
    expect(dateSchema.format).toBe("date-time");
    for (const value of dates) {
      const res = await send("GET", `${OPENAPI_BASE}/orders?updatedFrom=${encodeURIComponent(value)}`);
      expect(res.statusCode === 200, value).toBe(meets(dateSchema, value));
    }
    for (const value of ["2026-11-21T10:00:00+23:59", "2026-11-21T10:00:00-16:00"]) {
      const res = await send("GET", `${OPENAPI_BASE}/events?until=${encodeURIComponent(value)}`);
      expect(res.statusCode, value).toBe(200);
    }

    const numbers = ["MO-1", "a_b", "A".repeat(64), "A".repeat(65), "MO.1", "MO 1", " MO-1", "订单", "%2F"];
    for (const [path, name] of [
      ["/orders/{merchantOrderNo}", "merchantOrderNo"],
      ["/orders/by-order-no/{orderNo}", "orderNo"],
    ] as const) {
      const schema = parameter(path, name);
      for (const value of numbers) {
        const res = await send("GET", urlOf(path, encodeURIComponent(value)));
        // A valid number of no order of ours is a 404; an invalid one is a 400 naming the parameter.
        expect(res.statusCode, `${name} ${value}`).toBe(meets(schema, value) ? 404 : 400);
        if (res.statusCode === 400) expect(Object.keys(res.json().data.errors)).toEqual([name]);
      }
    }

    const types = parameter("/products", "type");
    expect(types.enum).toEqual(["1", "2", "3"]);
    for (const value of ["1", "2", "3", "0", "4", "1.5", "x", ""]) {
      const res = await send("GET", `${OPENAPI_BASE}/products?type=${value}`);
      expect(res.statusCode === 200, `type=${value}`).toBe(meets(types, value));
    }
  });
});
