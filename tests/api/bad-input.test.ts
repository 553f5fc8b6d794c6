import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_HEADERS, signingString } from "#contracts";
import { merchants } from "../../server/src/db/schema";
import { setPrice } from "../../server/src/modules/product/catalog-import";
import { call, closeTestApp, EN, expectFieldErrors, INFO, MEMBERS, ZH } from "../support/api-helpers";
import { insertProof } from "../support/funds-fixtures";
import { type OpenApiClient, openApiClient, signWith } from "../support/open-api";
import { fund, openShop } from "../support/order-fixtures";
import { startTestApp, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * Hostile input against every route of the server's own OpenAPI document, on the real server: whatever arrives,
 * the answer is never a 5xx and never shows a stack, a file, or SQL. Property-based (fast-check), seeded so a
 * failure replays; a failure prints the request that caused it.
 */

const RUNS_PER_ROUTE = 40;
/** Each route gets RUNS_PER_ROUTE hostile requests in one test: the time grows with the routes, not per request. */
const SWEEP_TIMEOUT_MS = 240_000;
/** Stack frames, source files, driver and runtime messages: what an answer must never show. */
const INTERNALS =
  /\bat .+:\d+:\d+|node_modules|\.ts:\d|Error:|syntax error|violates|relation "|invalid byte sequence|out of range|TypeError|RangeError|unsupported Unicode/i;
/** SQL, in capitals as drivers echo it (a product field of kind "select" is not SQL). */
const SQL = /\bSELECT\b[\s\S]*\bFROM\b|\bINSERT INTO\b|\bUPDATE\b[\s\S]*\bSET\b/;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
interface Route {
  method: Method;
  path: string;
  params: { name: string; in: "query" | "path" }[];
  bodyFields: string[];
}

/** The routes as the server documents them (the same document integrators read at /portal/docs). */
async function documentedRoutes(t: TestApp): Promise<Route[]> {
  await t.app.ready();
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
  };
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [verb, op] of Object.entries(operations)) {
      if (verb === "head") continue;
      const schema = (op.requestBody as { content?: Record<string, { schema?: { properties?: object } }> })?.content;
      const properties = Object.values(schema ?? {})[0]?.schema?.properties ?? {};
      routes.push({
        method: verb.toUpperCase() as Method,
        path,
        params: (op.parameters ?? []).filter((p) => p.in === "query" || p.in === "path") as Route["params"],
        bodyFields: Object.keys(properties),
      });
    }
  }
  return routes;
}

/** Text with at least one NUL, control character, lone surrogate or non-character somewhere in it. */
const controlText = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom("\u0000", "\u0001", "\u001f", "\u007f", "\ud800", "\uffff"),
    fc.string({ maxLength: 8 }),
  )
  .map((parts) => parts.join(""));
const hugeText = fc.integer({ min: 10_000, max: 200_000 }).map((n) => "9".repeat(n));
const badDate = fc.constantFrom(
  "0000-01-01T00:00:00Z",
  "0000-00-00",
  "9999-12-31T23:59:59Z",
  "+275760-09-13T00:00:00.000Z",
  "-000001-01-01T00:00:00Z",
  "2026-13-45T25:61:61Z",
  "2026-02-30T00:00:00+25:00",
  "1969-12-31T23:59:59.999999999Z",
);
const badNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 2 ** 31, 2 ** 53 + 1, 2 ** 63, -(2 ** 63), 1e308, 1e-308, 0.5, Number.MAX_SAFE_INTEGER),
  fc.double(),
);
const numberText = badNumber
  .map(String)
  .chain((n) => fc.constantFrom(n, "1e400", "NaN", "Infinity", "-1", "0x10", "١٢"));
/** A scalar no well-behaved client sends; weighted towards what broke the server before (NUL, year 0000). */
const hostileScalar = fc.oneof(
  { weight: 3, arbitrary: controlText },
  { weight: 3, arbitrary: badDate },
  { weight: 1, arbitrary: hugeText },
  { weight: 1, arbitrary: badNumber },
  { weight: 1, arbitrary: numberText },
  { weight: 1, arbitrary: fc.oneof(fc.boolean(), fc.constant(null)) },
);
const deepJson = fc.integer({ min: 50, max: 2000 }).map((depth) => {
  let value: unknown = "x";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});
const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(controlText, hostileScalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: deepJson },
);

const contentTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=latin1",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=----x",
  "application/xml",
  "",
);

interface BadRequest {
  pathValues: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  contentType: string;
  /** Cut the serialised body at this fraction (1 = whole). */
  truncate: number;
  rawBody?: string;
}

/** What a well-behaved client would send to a route; the properties spoil one or two parts of it. */
interface Example {
  path?: Record<string, string>;
  body?: Record<string, unknown>;
}

function badRequestFor(route: Route, example: Example): fc.Arbitrary<BadRequest> {
  const asText = hostileValue.map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "null")));
  /** Some of `names` with hostile values; the rest keep their example value or stay out. */
  const spoiled = (names: string[], base: Record<string, unknown>) =>
    fc
      .tuple(
        fc.subarray(names, { maxLength: Math.min(2, names.length) }),
        fc.array(hostileValue, { minLength: 2, maxLength: 2 }),
      )
      .map(([picked, values]) => ({ ...base, ...Object.fromEntries(picked.map((n, i) => [n, values[i]])) }));
  const pathNames = route.params.filter((p) => p.in === "path").map((p) => p.name);
  const queryNames = route.params.filter((p) => p.in === "query").map((p) => p.name);
  const pathValues = fc.oneof(
    fc.constant(example.path ?? {}),
    fc.record(Object.fromEntries(pathNames.map((n) => [n, asText])) as Record<string, fc.Arbitrary<string>>),
  );
  const query = fc
    .tuple(
      fc.subarray(queryNames, { maxLength: Math.min(2, queryNames.length) }),
      fc.array(asText, { minLength: 2, maxLength: 2 }),
    )
    .map(([picked, values]) => Object.fromEntries(picked.map((n, i) => [n, values[i] ?? ""])));
  const body = fc.oneof(
    { weight: 4, arbitrary: spoiled(route.bodyFields, example.body ?? {}) },
    { weight: 1, arbitrary: hostileValue },
  );
  const rawBody = fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "{",
        '{"a":',
        "[1,2",
        '{"a":"\\u0000"}',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\n\r\n',
        "------x\r\nContent-Disposition: form-data\r\n\r\nbroken",
        "\u0000",
      ),
    },
  );
  const contentType = fc.oneof(
    { weight: 4, arbitrary: fc.constant("application/json") },
    { weight: 2, arbitrary: contentTypes },
  );
  return fc.record({ pathValues, query, body, contentType, truncate: fc.constantFrom(1, 1, 1, 1, 0.5, 0.9), rawBody });
}

const HEX = "0123456789abcdef";

/**
 * Every byte percent-encoded (encodeURIComponent throws on a lone surrogate; a client may still send its bytes).
 * Written byte by byte into one buffer: the huge texts (up to 200,000 characters) made a string per byte before,
 * a tenth of the whole sweep's time.
 */
function percentEncoded(value: string): string {
  const bytes = Buffer.from(value);
  const out = Buffer.allocUnsafe(bytes.length * 3);
  for (let i = 0; i < bytes.length; i++) {
    out[i * 3] = 0x25; // %
    out[i * 3 + 1] = HEX.charCodeAt(bytes[i]! >> 4);
    out[i * 3 + 2] = HEX.charCodeAt(bytes[i]! & 0xf);
  }
  return out.toString("latin1");
}

function urlOf(route: Route, req: BadRequest): string {
  const encode = percentEncoded;
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(req.pathValues[name] ?? ""));
  const query = new URLSearchParams(req.query).toString();
  return query ? `${path}?${query}` : path;
}

function payloadOf(route: Route, req: BadRequest): string | undefined {
  if (route.method === "GET" || route.method === "DELETE") return req.rawBody;
  const whole = req.rawBody ?? JSON.stringify(req.body) ?? "";
  return whole.slice(0, Math.ceil(whole.length * req.truncate));
}

/** Answers by status, for the closing figures (and to see that most requests got past sign-in). */
const statusCounts: Record<string, number> = {};
function expectNoFault(res: LightMyRequestResponse, what: string) {
  statusCounts[res.statusCode] = (statusCounts[res.statusCode] ?? 0) + 1;
  expect(res.statusCode, `${what} -> ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.body, what).not.toMatch(INTERNALS);
  expect(res.body, what).not.toMatch(SQL);
}

describe.each(engines)("bad input never reaches a 5xx on %s", (engine) => {
  /** Every route is tried even when one fails; each failure keeps its shrunk counterexample. */
  const failures: string[] = [];
  async function check(property: fc.IAsyncProperty<[BadRequest] | [BadRequest, boolean]>, numRuns: number) {
    const result = await fc.check(property as fc.IAsyncProperty<unknown[]>, {
      numRuns,
      seed: Number(process.env.BAD_INPUT_SEED ?? 20261124),
    });
    if (result.failed) failures.push(String(result.errorInstance).split("\n")[0] ?? "");
  }
  let t: TestApp;
  let m: TestMerchant;
  let token: string;
  let client: OpenApiClient;
  let routes: Route[];
  let examples: Record<string, Example>;
  let sent = 0;

  beforeAll(async () => {
    t = await startTestApp(engine);
    m = await t.merchant();
    token = await t.login(m.users.admin.username);
    const [row] = await t.deps.db.select().from(merchants).where(eq(merchants.merchantNo, m.merchantNo));
    client = await openApiClient(t, row!.id);
    routes = await documentedRoutes(t);
    const shop = await openShop(t);
    await fund(t, row!.id, "1000");
    await setPrice(t.deps, { merchantNo: m.merchantNo, productCode: shop.topup.code, skuCode: "A", price: "1.00" });
    const order = {
      productId: shop.topup.productId,
      skuId: shop.topup.skuId,
      quantity: 1,
      inputs: { account: "13800138000" },
    };
    const proofFileId = await insertProof(t, row!.id);
    const member = `${MEMBERS}/{id}`;
    examples = {
      "PUT /portal/merchant/api/merchant/info": {
        body: {
          merchantName: "Shop",
          contactPerson: "Li",
          contactPhone: "+86 10 1234 5678",
          contactEmail: "a@b.test",
          website: "",
        },
      },
      [`POST ${MEMBERS}`]: { body: { username: "new.one@example.test", role: "operator", phone: "", remark: "" } },
      [`PUT ${member}`]: {
        path: { id: String(m.users.operator.id) },
        body: { phone: "1", remark: "r", role: "operator" },
      },
      [`PATCH ${member}/status`]: { path: { id: String(m.users.finance.id) }, body: { enabled: true } },
      [`POST ${member}/password/reset`]: { path: { id: String(m.users.finance.id) }, body: { password: "" } },
      "POST /portal/merchant/api/order": { body: order },
      "POST /portal/merchant/api/order/batch": {
        body: { productId: order.productId, skuId: order.skuId, items: [{ quantity: 1, inputs: order.inputs }] },
      },
      "POST /portal/merchant/api/fund/deposit": {
        body: {
          amount: "10",
          currency: "USD",
          referenceNo: "REF-1",
          paymentGateway: "Bank",
          transactionTime: "2026-11-20T10:00:00Z",
          proofFileId,
          companyName: "Co",
          bankAccount: "123",
          remarks: "",
        },
      },
      "PUT /portal/merchant/api/app": {
        body: { keyType: "HMAC", callbackUrl: "", notifyUrl: "", ipWhitelist: "", lowBalanceThreshold: "" },
      },
      "POST /openapi/v1/orders": { body: { ...order, merchantOrderNo: "ORDER-1" } },
    };
  });
  afterAll(async () => {
    // The figure for the closing note: how many hostile requests each engine answered.
    console.info(`bad-input suite on ${engine}: ${sent} requests, ${routes.length} routes`, statusCounts);
    await closeTestApp(t);
  });

  it("documents the routes it attacks (portal and Open API)", () => {
    expect(routes.filter((r) => r.path.startsWith("/portal/")).length).toBeGreaterThan(35);
    expect(routes.filter((r) => r.path.startsWith("/openapi/")).length).toBeGreaterThanOrEqual(5);
  });

  it(
    "portal routes, signed in as an admin with a step-up code",
    async () => {
      failures.length = 0;
      for (const route of routes.filter((r) => r.path.startsWith("/portal/"))) {
        // A working session per route: logout, unbind and password changes end the one before. Signed in again
        // only then: a sign-in costs as much as a few dozen requests, and 160 routes took one each.
        const session = await t.app.inject({ method: "GET", url: INFO, headers: { authorization: token } });
        if (session.statusCode !== 200) token = await t.login(m.users.admin.username);
        await check(
          fc.asyncProperty(badRequestFor(route, examples[`${route.method} ${route.path}`] ?? {}), async (req) => {
            const url = urlOf(route, req);
            const headers: Record<string, string> = {
              authorization: token,
              "x-mfa-code": await t.code(m.users.admin.username),
            };
            if (req.contentType) headers["content-type"] = req.contentType;
            const res = await t.app.inject({ method: route.method, url, headers, payload: payloadOf(route, req) });
            sent++;
            expectNoFault(res, `${route.method} ${url} [${req.contentType}]`);
          }),
          RUNS_PER_ROUTE,
        );
      }
      expect(failures).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it("Open API routes, signed with the merchant's key (and unsigned)", async () => {
    failures.length = 0;
    for (const route of routes.filter((r) => r.path.startsWith("/openapi/"))) {
      await check(
        fc.asyncProperty(
          badRequestFor(route, examples[`${route.method} ${route.path}`] ?? {}),
          fc.boolean(),
          async (req, signed) => {
            const url = urlOf(route, req);
            const body = payloadOf(route, req) ?? "";
            const timestamp = String(t.clock.now().getTime());
            const nonce = randomBytes(12).toString("hex");
            const message = signingString({ method: route.method, pathWithQuery: url, timestamp, nonce, body });
            const headers: Record<string, string> = signed
              ? {
                  [OPENAPI_HEADERS.appId]: client.appId,
                  [OPENAPI_HEADERS.timestamp]: timestamp,
                  [OPENAPI_HEADERS.nonce]: nonce,
                  [OPENAPI_HEADERS.signature]: signWith(client.key, message),
                }
              : {};
            if (req.contentType) headers["content-type"] = req.contentType;
            const res = await t.app.inject({ method: route.method, url, headers, payload: body || undefined });
            sent++;
            expectNoFault(res, `${route.method} ${url} [${req.contentType}] signed=${signed}`);
          },
        ),
        RUNS_PER_ROUTE * 2,
      );
    }
    expect(failures).toEqual([]);
  });
});

describe.each(engines)("the hostile inputs that answered 500 before, on %s", (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(engine);
    const m = await t.merchant();
    token = await t.login(m.users.admin.username);
  });
  afterAll(() => closeTestApp(t));

  const CONTROL = {
    [EN]: "This value contains a control character (such as NUL) that is not allowed",
    [ZH]: "该值包含不允许的控制字符（如 NUL）",
  };
  const YEAR = { [EN]: "The year must be between 1970 and 9999", [ZH]: "年份必须在 1970 到 9999 之间" };

  it.each([EN, ZH] as const)(
    "a NUL byte in a body, a query, a path or a key: 400 naming the field (%s)",
    async (lang) => {
      const info = await call(t, "PUT", "/portal/merchant/api/merchant/info", {
        token,
        lang,
        payload: { merchantName: "Shop\u0000", contactPerson: "", contactPhone: "", contactEmail: "", website: "" },
      });
      expectFieldErrors(info, { merchantName: CONTROL[lang] });
      const list = await call(t, "GET", "/portal/merchant/api/order/list?merchantOrderNo=a%00b", { token, lang });
      expectFieldErrors(list, { merchantOrderNo: CONTROL[lang] });
      expectFieldErrors(await call(t, "GET", "/portal/merchant/api/order/%00", { token, lang }), {
        orderNo: CONTROL[lang],
      });
      const order = await call(t, "POST", "/portal/merchant/api/order", {
        token,
        lang,
        payload: { productId: 1, skuId: 1, inputs: { "acc\u0000ount": "1" } },
      });
      expectFieldErrors(order, { "inputs.acc?ount": CONTROL[lang] });
    },
  );

  it.each([EN, ZH] as const)("a year 0000 (or 10000) in a date filter: 400 naming the field (%s)", async (lang) => {
    const invalid = { [EN]: "Not a valid date and time", [ZH]: "日期时间无效" };
    for (const [url, field, message] of [
      ["/portal/merchant/api/order/list?startTime=0000-01-01T00:00:00Z", "startTime", YEAR],
      ["/portal/merchant/api/fund/transaction/list?endTime=0000-01-01T00:00:00Z", "endTime", YEAR],
      ["/portal/merchant/api/fund/deposit/list?startTime=%2B010000-01-01T00:00:00Z", "startTime", invalid],
    ] as const) {
      expectFieldErrors(await call(t, "GET", url, { token, lang }), { [field]: message[lang] });
    }
  });

  it.each([EN, ZH] as const)(
    "a malformed multipart upload: 400 on the file field, nothing stored (%s)",
    async (lang) => {
      const message = {
        [EN]: "The upload could not be read; please choose the file again",
        [ZH]: "无法读取上传内容，请重新选择文件",
      };
      for (const payload of [
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
        "garbage",
      ]) {
        const res = await call(t, "POST", "/portal/merchant/api/upload/image", {
          token,
          lang,
          payload,
          headers: { "content-type": "multipart/form-data; boundary=x" },
        });
        expectFieldErrors(res, { file: message[lang] });
      }
    },
  );
});
