import { afterEach, describe, expect, it } from "vitest";
import type { CatalogEntry, Quote, SupplierProductKind } from "#contracts";
import { manualClock } from "../../server/src/lib/clock";
import { giftCardBase, reloadlyAdapter } from "../../server/src/modules/supplier/adapters/reloadly";
import { operatorEntry, productEntry } from "../../server/src/modules/supplier/adapters/reloadly-catalog";
import { type SupplierRequest, SupplierUnclearError } from "../../server/src/modules/supplier/supplier";
import {
  STANDIN_IDS,
  type StandinState,
  standinGiftProducts,
  standinOperators,
  startReloadlyStandin,
} from "../support/standins/reloadly-standin";

const placedAt = new Date("2026-11-21T10:00:00Z");
const REF = "P202611210000000042";
let standin: Awaited<ReturnType<typeof startReloadlyStandin>> | undefined;

afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

/** A fresh stand-in on the test's clock, and a client (with its own tokens) of one account pointing at it. */
async function setup(options: Partial<StandinState> = {}) {
  const clock = manualClock(placedAt);
  standin = await startReloadlyStandin({ now: () => clock.now(), ...options });
  const { baseUrl, state } = standin;
  const account = { id: 7, baseUrl, authUrl: baseUrl, credentials: { ...state.credentials } };
  const client = reloadlyAdapter.connect(account, { clock, simulatorDelayMs: 0 });
  return { baseUrl, state, clock, client, standin };
}

/** The stand-in's default catalog entries, as a sync reads them. */
const operatorOf = (id: number): CatalogEntry => operatorEntry(standinOperators().find((o) => o.id === id)!)!;
const cardOf = (id: number): CatalogEntry => productEntry(standinGiftProducts().find((p) => p.productId === id)!)!;

/** The adapter's own quote, as the worker makes it before sending. */
function planned(entry: CatalogEntry, kind: SupplierProductKind, faceValue: string): Quote {
  const result = reloadlyAdapter.quote(entry, { kind, faceValue, faceCurrency: entry.receiveCurrency });
  if (!result.ok) throw new Error(`no quote: ${result.reason}`);
  return result.quote;
}

/** A top-up of `faceValue` through one of the stand-in's operators (default: 10 CNY, local, China Mobile). */
function topupVia(operatorId: number, faceValue = "10.00", extra: Partial<SupplierRequest> = {}): SupplierRequest {
  const entry = operatorOf(operatorId);
  return {
    reference: REF,
    orderNo: REF,
    productType: 1,
    supplierProduct: String(operatorId),
    faceValue,
    faceCurrency: entry.receiveCurrency,
    plan: planned(entry, "topup", faceValue),
    entry,
    spec: `${faceValue} ${entry.receiveCurrency}`,
    quantity: 1,
    rechargeAccount: "+8613800138000",
    inputs: { account: "+8613800138000" },
    placedAt,
    attempt: 1,
    signal: new AbortController().signal,
    ...extra,
  };
}

const topup = (extra: Partial<SupplierRequest> = {}) => topupVia(STANDIN_IDS.cnLocal, "10.00", extra);

/** Gift cards through one of the stand-in's products (default: 2 × 25 USD of the global card). */
function giftVia(productId: number, faceValue: string, extra: Partial<SupplierRequest> = {}): SupplierRequest {
  const entry = cardOf(productId);
  return topupVia(STANDIN_IDS.cnLocal, "10.00", {
    productType: 3,
    supplierProduct: String(productId),
    faceValue,
    faceCurrency: entry.receiveCurrency,
    plan: planned(entry, "giftCard", faceValue),
    entry,
    quantity: 2,
    rechargeAccount: "",
    inputs: {},
    ...extra,
  });
}

const giftCard = (extra: Partial<SupplierRequest> = {}) => giftVia(STANDIN_IDS.usCard, "25.00", extra);

const paths = (state: StandinState) => state.requests.map((request) => `${request.method} ${request.path}`);
const usd = (amount: string) => ({ amount, currency: "USD" });
const cny = (amount: string) => ({ amount, currency: "CNY" });

describe("Reloadly adapter: tokens", () => {
  it("asks for one token, with the API as audience, and sends it with the versioned Accept on every call", async () => {
    const { baseUrl, state, client } = await setup();
    await client.submit(topup());
    await client.submit(topup({ reference: `${REF}-2` }));
    await client.balance(new AbortController().signal);

    expect(state.tokenRequests).toEqual([
      {
        client_id: state.credentials.clientId,
        client_secret: state.credentials.clientSecret,
        grant_type: "client_credentials",
        audience: baseUrl,
      },
    ]);
    const [token] = [...state.tokens];
    expect(state.requests.map((r) => [r.authorization, r.accept])).toEqual(
      Array(3).fill([`Bearer ${token}`, "application/com.reloadly.topups-v1+json"]),
    );
  });

  it("asks for a new token a minute before expires_in runs out, by the injected clock", async () => {
    const { state, clock, client } = await setup({ tokenLifetimeSeconds: 3600 });
    const signal = new AbortController().signal;
    await client.balance(signal);
    clock.advance(3540_000 - 1);
    await client.balance(signal);
    expect(state.tokenRequests).toHaveLength(1);

    clock.advance(1);
    await client.balance(signal);
    expect(state.tokenRequests).toHaveLength(2);
    const [first, second] = [...state.tokens];
    expect(state.requests.map((r) => r.authorization)).toEqual([first, first, second].map((t) => `Bearer ${t}`));
  });

  it("replaces a token Reloadly no longer accepts and makes the call once more", async () => {
    const { state, client } = await setup();
    await client.balance(new AbortController().signal);
    state.tokens.clear(); // revoked at Reloadly's end

    expect(await client.submit(topup())).toMatchObject({ state: "success" });
    expect(state.tokenRequests).toHaveLength(2);
    expect(paths(state)).toEqual(["GET /accounts/balance", "POST /topups", "POST /topups"]);
    expect(state.transactions).toHaveLength(1);
  });

  it("treats a 401 that a new token does not cure as 'don't know', placing nothing", async () => {
    const { state, client } = await setup();
    state.tokens = new (class extends Set<string> {
      override has() {
        return false;
      }
    })();

    const error = await client.submit(topup()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SupplierUnclearError);
    expect((error as Error).message).toBe(
      "Reloadly refused our token for POST /topups: HTTP 401 INVALID_TOKEN: Full authentication is required to access this resource",
    );
    expect(state.tokenRequests).toHaveLength(2);
    expect(state.transactions).toEqual([]);
  });

  it("throws when Reloadly refuses the credentials, without the secret in the message", async () => {
    const { baseUrl, state } = await setup();
    const account = {
      id: 8,
      baseUrl,
      authUrl: baseUrl,
      credentials: { clientId: "standin-client", clientSecret: "s3cr3t-WRONG" },
    };
    const client = reloadlyAdapter.connect(account, { clock: manualClock(placedAt), simulatorDelayMs: 0 });

    const error = await client.submit(topup()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SupplierUnclearError);
    expect((error as Error).message).toBe("Reloadly gave no token: HTTP 401 INVALID_CREDENTIALS: Access Denied");
    expect(state.requests).toEqual([]);
  });
});

describe("Reloadly adapter: top-ups", () => {
  it("sends the face value as a local amount and answers what Reloadly charged and delivered", async () => {
    const { state, client } = await setup();
    // 10 CNY at 7.1 CNY per USD: 1.41 USD, less 2 % (0.03): 1.38 USD.
    expect(await client.submit(topup())).toEqual({
      state: "success",
      transactionId: "4602843",
      cost: usd("1.38"),
      delivered: cny("10.00"),
    });
    expect(state.requests[0]?.body).toEqual({
      operatorId: 535,
      amount: 10,
      useLocalAmount: true,
      customIdentifier: REF,
      recipientPhone: { countryCode: "CN", number: "8613800138000" },
    });

    // The same number written without "+" reaches Reloadly the same way.
    await client.submit(topup({ reference: `${REF}-2`, rechargeAccount: "86 138 0013 8000" }));
    expect(state.requests[1]?.body).toMatchObject({ recipientPhone: { countryCode: "CN", number: "8613800138000" } });
  });

  it("takes the recipient's country from the route's operator, an order input only where the operator has none", async () => {
    const { state, client } = await setup();
    await client.submit(topup({ inputs: { countryCode: "us" } }));
    const entry = { ...operatorOf(STANDIN_IDS.cnLocal), country: null };
    await client.submit(topup({ reference: `${REF}-2`, entry, inputs: { countryCode: "cn" } }));

    expect(state.requests.map((r) => (r.body as { recipientPhone: unknown }).recipientPhone)).toEqual([
      { countryCode: "CN", number: "8613800138000" },
      { countryCode: "CN", number: "8613800138000" },
    ]);
  });

  it("answers pending while Reloadly is PROCESSING, then success through query", async () => {
    const { state, client } = await setup({ behaviour: () => "pending", pendingQueries: 2 });
    expect(await client.submit(topup())).toEqual({ state: "pending", transactionId: "4602843" });

    const query = { ...topup({ attempt: 2 }), transactionId: "4602843" };
    expect(await client.query(query)).toEqual({ state: "pending", transactionId: "4602843" });
    expect(await client.query(query)).toEqual({
      state: "success",
      transactionId: "4602843",
      cost: usd("1.38"),
      delivered: cny("10.00"),
    });
    expect(paths(state).slice(1)).toEqual(["GET /topups/4602843/status", "GET /topups/4602843/status"]);
  });

  it("answers failed with the transaction id when Reloadly reports FAILED or REFUNDED", async () => {
    const { client } = await setup({ behaviour: (placed) => (placed.body.amount === 10 ? "refunded" : "failed") });
    expect(await client.submit(topup())).toEqual({
      state: "failed",
      transactionId: "4602843",
      reason: "Reloadly: transaction 4602843 REFUNDED",
    });
    expect(await client.submit(topupVia(STANDIN_IDS.cnLocal, "20.00", { reference: `${REF}-2` }))).toEqual({
      state: "failed",
      transactionId: "4602844",
      reason: "Reloadly: transaction 4602844 FAILED",
    });
  });

  it("answers failed with Reloadly's words when it refuses the top-up", async () => {
    const refusals = {
      "8613800000001": "invalidPhone",
      "8613800000002": "invalidOperator",
      "8613800000003": "insufficientBalance",
    } as const;
    const { state, client } = await setup({
      behaviour: (placed) => {
        const number = (placed.body.recipientPhone as { number: string }).number;
        if (number in refusals) return refusals[number as keyof typeof refusals];
        return { status: 400, body: { timeStamp: "x", message: "Invalid price", path: "/topups", errorCode: null } };
      },
    });
    const answers = [];
    for (const rechargeAccount of [...Object.keys(refusals), "8613800000004"]) {
      answers.push(await client.submit(topup({ reference: `${REF}-${rechargeAccount}`, rechargeAccount })));
    }
    expect(answers).toEqual([
      {
        state: "failed",
        reason: "Reloadly: Recipient phone number is not valid (INVALID_RECIPIENT_PHONE)",
        code: "ACCOUNT_INVALID",
      },
      {
        state: "failed",
        reason: "Reloadly: Operator not found for given id (OPERATOR_NOT_FOUND)",
        code: "PRODUCT_UNAVAILABLE",
      },
      {
        state: "failed",
        reason: "Reloadly: Insufficient funds in the wallet (INSUFFICIENT_BALANCE)",
        code: "SUPPLIER_UNAVAILABLE",
      },
      { state: "failed", reason: "Reloadly: Invalid price (HTTP 400)", code: "SUPPLIER_REFUSED" },
    ]);
    expect(state.transactions).toEqual([]);
  });

  it("answers failed without calling Reloadly when the order cannot be a Reloadly top-up", async () => {
    const { state, client } = await setup();
    const cnLocal = operatorOf(STANDIN_IDS.cnLocal);
    const cases = [
      topup({ entry: { ...cnLocal, country: null }, inputs: {} }),
      topup({ quantity: 2 }),
      topup({ supplierProduct: "MTN-NG" }),
      topup({ rechargeAccount: "player#42" }),
      topup({ productType: 2 }),
      // The operator stopped taking local amounts, or the account's currency changed, since the plan was made.
      topup({ entry: { ...cnLocal, localAmounts: false } }),
      topupVia(STANDIN_IDS.cnRate, "10.00", { entry: { ...operatorOf(STANDIN_IDS.cnRate), sendCurrency: "EUR" } }),
      topup({ plan: { ...topup().plan, send: { amount: "0.1234567890123456789", currency: "CNY", local: true } } }),
    ];
    const answers = await Promise.all(cases.map(async (request) => client.submit(request)));
    expect(answers).toEqual([
      {
        state: "failed",
        reason:
          "Reloadly needs the recipient's country: the operator states none and there is no countryCode input (ISO 2)",
      },
      { state: "failed", reason: "Reloadly top-ups are single, quantity 2 cannot be sent" },
      { state: "failed", reason: "Reloadly product id is not a number: MTN-NG" },
      { state: "failed", reason: "Recharge account is not an international phone number: player#42" },
      { state: "failed", reason: "Reloadly sells no login top-ups" },
      {
        state: "failed",
        reason:
          "Reloadly operator 535 takes no local amounts, the plan sends 10.00 CNY as a local amount: the route needs a new quote",
      },
      {
        state: "failed",
        reason: "Reloadly operator 536 takes amounts in EUR, the plan sends 1.43 USD: the route needs a new quote",
      },
      {
        state: "failed",
        reason: "Reloadly needs a positive amount to send, the plan says 0.1234567890123456789",
      },
    ]);
    expect(state.tokenRequests).toEqual([]);
    expect(state.requests).toEqual([]);
  });

  it("answers a repeated reference with what Reloadly did the first time, placing nothing twice", async () => {
    const { state, client } = await setup();
    const first = await client.submit(topup());
    const again = await client.submit(topup({ attempt: 2 }));

    expect(again).toEqual(first);
    expect(state.transactions).toHaveLength(1);
    expect(paths(state)).toEqual([
      "POST /topups",
      "POST /topups",
      `GET /topups/reports/transactions?customIdentifier=${REF}&page=1&size=20`,
    ]);
  });

  it("answers a repeated reference still PROCESSING as pending", async () => {
    const { client } = await setup({ behaviour: () => "pending" });
    await client.submit(topup());
    expect(await client.submit(topup({ attempt: 2 }))).toEqual({ state: "pending", transactionId: "4602843" });
  });

  it("throws when Reloadly says the reference was used but does not list it", async () => {
    const duplicate = {
      timeStamp: "x",
      message: "The custom identifier provided has already been used. Please provide a new, unique custom identifier",
      path: "/topups",
      errorCode: "CUSTOM_IDENTIFIER_ALREADY_USED",
    };
    const { client } = await setup({ behaviour: () => ({ status: 400, body: duplicate }) });
    await expect(client.submit(topup())).rejects.toThrow(
      new SupplierUnclearError(`Reloadly says reference ${REF} was already used but does not list it yet`),
    );
  });

  it("throws, never fails, on answers that are not Reloadly's refusal", async () => {
    const answers = [
      { status: 500, body: { timestamp: "x", status: 500, error: "Internal Server Error", path: "/topups" } },
      {
        status: 503,
        body: { message: "Operator unavailable", errorCode: "OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE" },
      },
      { status: 404, body: { timestamp: "x", status: 404, error: "Not Found", path: "/topups" } },
      { status: 429, body: { message: "Too many requests", errorCode: "TOO_MANY_REQUESTS" } },
      { status: 400, body: "<html>bad request</html>" },
      { status: 200, body: "not json" },
      { status: 200, body: { transactionId: 5, status: "ON_HOLD" } },
    ];
    const { state, client } = await setup({ behaviour: () => answers[state.requests.length - 1] ?? "success" });
    const messages = [];
    for (const [index] of answers.entries()) {
      const error = await client.submit(topup({ reference: `${REF}-${index}` })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SupplierUnclearError);
      messages.push((error as Error).message);
    }
    expect(messages).toEqual([
      "Reloadly answered POST /topups with HTTP 500",
      "Reloadly answered POST /topups with HTTP 503 OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE: Operator unavailable",
      "Reloadly answered POST /topups with HTTP 404",
      "Reloadly answered POST /topups with HTTP 429 TOO_MANY_REQUESTS: Too many requests",
      "Reloadly answered POST /topups with HTTP 400",
      "Reloadly answered POST /topups with a body we cannot read",
      'Reloadly answered transaction 5 with status "ON_HOLD"',
    ]);
  });

  it("throws when the connection drops, and lookup then finds the top-up Reloadly placed", async () => {
    const { state, client } = await setup({ behaviour: () => "drop" });
    const error = await client.submit(topup()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SupplierUnclearError);
    expect((error as Error).message).toMatch(/^Reloadly did not answer POST \/topups: fetch failed/);

    state.behaviour = () => "success";
    expect(await client.lookup(topup({ attempt: 2 }))).toEqual({
      state: "success",
      transactionId: "4602843",
      cost: usd("1.38"),
      delivered: cny("10.00"),
    });
  });

  it("gives up on a slow answer when the caller's signal aborts", async () => {
    const { client } = await setup({ behaviour: () => "slow", slowMs: 5_000 });
    const started = Date.now();
    await expect(client.submit(topup({ signal: AbortSignal.timeout(200) }))).rejects.toMatchObject({
      name: "TimeoutError",
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await client.lookup(topup({ attempt: 2 }))).toMatchObject({ state: "success", transactionId: "4602843" });
  });

  it("lookup answers notFound for a reference Reloadly only matches loosely", async () => {
    const { client } = await setup();
    await client.submit(topup({ reference: `${REF}-10` }));
    expect(await client.lookup(topup({ reference: `${REF}-1` }))).toEqual({ state: "notFound" });
    expect(await client.lookup(topup({ reference: `${REF}-10` }))).toMatchObject({ state: "success" });
  });
});

describe("Reloadly adapter: money", () => {
  it("buys 10 CNY through each kind of operator and answers Reloadly's own charge and delivery", async () => {
    const { state, client } = await setup();
    const answers = [
      // A range in the account's currency: 10 / 7.0 = 1.43 USD (rounded up), 10.01 CNY arrive; 1.43 less 3 %.
      await client.submit(topupVia(STANDIN_IDS.cnRate, "10.00", { reference: `${REF}-1` })),
      // A fixed value paired with its local amount: 1.45 USD delivers 10 CNY; 1.45 less 2.5 % (0.04).
      await client.submit(topupVia(STANDIN_IDS.cnFixed, "10.00", { reference: `${REF}-2` })),
      // A fixed local value: 10 USD, less 1 %.
      await client.submit(
        topupVia(STANDIN_IDS.us, "10.00", { reference: `${REF}-3`, rechargeAccount: "+12025550123" }),
      ),
    ];

    expect(answers).toEqual([
      { state: "success", transactionId: "4602843", cost: usd("1.39"), delivered: cny("10.01") },
      { state: "success", transactionId: "4602844", cost: usd("1.41"), delivered: cny("10.00") },
      { state: "success", transactionId: "4602845", cost: usd("9.90"), delivered: usd("10.00") },
    ]);
    expect(paths(state)).toEqual(["POST /operators/fx-rate", "POST /topups", "POST /topups", "POST /topups"]);
    expect(state.requests.map((r) => r.body)).toEqual([
      { operatorId: 536, amount: 1.43 },
      expect.objectContaining({ operatorId: 536, amount: 1.43, useLocalAmount: false }),
      expect.objectContaining({ operatorId: 538, amount: 1.45, useLocalAmount: false }),
      expect.objectContaining({ operatorId: 537, amount: 10, useLocalAmount: true }),
    ]);
    expect(state.balance).toBe("987.80"); // 1000.50 - 1.39 - 1.41 - 9.90
  });

  it("raises the amount when Reloadly's rate has fallen since the catalog was read, and says what it sent", async () => {
    const { state, client } = await setup();
    const request = topupVia(STANDIN_IDS.cnRate); // planned at 7.0: 1.43 USD
    const operator = state.operators.find((o) => o.id === STANDIN_IDS.cnRate)!;
    operator.fx = { rate: 6.9, currencyCode: "CNY" }; // 1.43 USD now delivers 9.867 CNY

    expect(await client.submit(request)).toEqual({
      state: "success",
      transactionId: "4602843",
      cost: usd("1.41"),
      delivered: cny("10.00"), // 1.45 × 6.9 = 10.005, rounded down to the cent
      sent: { amount: "1.45", currency: "USD", local: false },
    });
    expect(state.requests.map((r) => r.body)).toEqual([
      { operatorId: 536, amount: 1.43 },
      expect.objectContaining({ amount: 1.45, useLocalAmount: false }),
    ]);
  });

  it("refuses when Reloadly's rate now delivers another currency, and throws when it has no rate", async () => {
    const { state, client } = await setup();
    const operator = state.operators.find((o) => o.id === STANDIN_IDS.cnRate)!;
    operator.fx = { rate: 7.8, currencyCode: "HKD" };
    expect(await client.submit(topupVia(STANDIN_IDS.cnRate))).toEqual({
      state: "failed",
      reason: "Reloadly operator 536 delivers HKD, not CNY: the route needs a new quote",
      code: "PRODUCT_UNAVAILABLE",
    });

    operator.fx = { rate: null, currencyCode: "CNY" };
    await expect(client.submit(topupVia(STANDIN_IDS.cnRate))).rejects.toThrow(
      new SupplierUnclearError(
        "Reloadly answered POST /operators/fx-rate with HTTP 500 FX_RATE_NOT_AVAILABLE: Fx rate is currently not available for this operator, please try again later or contact support.",
      ),
    );
    expect(paths(state)).toEqual(["POST /operators/fx-rate", "POST /operators/fx-rate"]);
  });

  it("answers a short delivery as Reloadly reports it", async () => {
    const { client } = await setup({ shortDelivery: "0.50" });
    expect(await client.submit(topup())).toMatchObject({ state: "success", cost: usd("1.38"), delivered: cny("9.50") });
  });

  it("answers Reloadly's refusal of an amount the operator does not take", async () => {
    const { state, client } = await setup();
    const plan = { ...topup().plan, send: { amount: "1001.00", currency: "CNY", local: true } };
    expect(await client.submit(topup({ faceValue: "1001.00", plan }))).toEqual({
      state: "failed",
      reason: "Reloadly: Local amount must be between 1 and 1000 (INVALID_AMOUNT_FOR_OPERATOR)",
      code: "PRODUCT_UNAVAILABLE",
    });
    expect(state.balance).toBe("1000.50");
  });

  it("orders gift cards at their price in the card's currency and answers the charge", async () => {
    const { state, client } = await setup();
    const answer = await client.submit(giftVia(STANDIN_IDS.cnCard, "100.00"));

    // 2 × 14.08 USD = 28.16, less 3 % (0.84), plus 2 × 0.50 fee.
    expect(answer).toMatchObject({ state: "success", cost: usd("28.32"), delivered: cny("200.00") });
    expect(state.requests[0]?.body).toEqual({
      productId: 120,
      quantity: 2,
      unitPrice: 100,
      customIdentifier: REF,
      senderName: "Merchant Portal",
    });
    expect(state.balance).toBe("972.18");

    const refused = await client.submit(
      giftVia(STANDIN_IDS.cnCard, "100.00", {
        reference: `${REF}-2`,
        plan: {
          ...giftVia(STANDIN_IDS.cnCard, "100.00").plan,
          send: { amount: "150.00", currency: "CNY", local: true },
        },
      }),
    );
    expect(refused).toEqual({
      state: "failed",
      reason: "Reloadly: Invalid price. Please ensure you selected the right price. (HTTP 400)",
      code: "SUPPLIER_REFUSED",
    });
  });

  it("refuses a gift card plan that is not in the card's own currency, without calling Reloadly", async () => {
    const { state, client } = await setup();
    const request = giftVia(STANDIN_IDS.cnCard, "100.00");
    const plan = { ...request.plan, send: { amount: "14.08", currency: "USD", local: false } };
    expect(await client.submit({ ...request, plan })).toEqual({
      state: "failed",
      reason: "Reloadly gift cards are priced in CNY, the plan sends USD: the route needs a new quote",
    });
    expect(state.requests).toEqual([]);
  });
});

describe("Reloadly adapter: catalog", () => {
  it("reads every operator and gift card across pages and describes each as a catalog entry", async () => {
    const { state, client } = await setup({ maxPageSize: 3 });
    const entries = await client.catalog(new AbortController().signal);

    const common = { fixed: [], range: null, fee: "0.00", sendCurrency: "USD" };
    expect(entries).toEqual([
      {
        ...common,
        externalId: "535",
        kind: "topup",
        name: "China Mobile China",
        country: "CN",
        receiveCurrency: "CNY",
        denomination: "range",
        range: { minSend: "0.15", maxSend: "140.84", minReceive: "1.00", maxReceive: "1000.00" },
        fxRate: "7.1",
        localAmounts: true,
        discountPercent: "2",
      },
      {
        ...common,
        externalId: "536",
        kind: "topup",
        name: "China Unicom China",
        country: "CN",
        receiveCurrency: "CNY",
        denomination: "range",
        range: { minSend: "1.00", maxSend: "100.00", minReceive: "7.00", maxReceive: "700.00" },
        fxRate: "7",
        localAmounts: false,
        discountPercent: "3",
      },
      {
        ...common,
        externalId: "537",
        kind: "topup",
        name: "AT&T United States",
        country: "US",
        receiveCurrency: "USD",
        denomination: "fixed",
        fixed: [
          { send: "5.00", receive: "5.00" },
          { send: "10.00", receive: "10.00" },
          { send: "20.00", receive: "20.00" },
        ],
        fxRate: "1",
        localAmounts: true,
        discountPercent: "1",
      },
      {
        ...common,
        externalId: "538",
        kind: "topup",
        name: "China Telecom China",
        country: "CN",
        receiveCurrency: "CNY",
        denomination: "fixed",
        fixed: [
          { send: "1.45", receive: "10.00" },
          { send: "2.90", receive: "20.00" },
          { send: "7.20", receive: "50.00" },
        ],
        fxRate: "7",
        localAmounts: false,
        discountPercent: "2.5",
      },
      {
        ...common,
        externalId: "120",
        kind: "giftCard",
        name: "Tmall China",
        country: "CN",
        receiveCurrency: "CNY",
        denomination: "fixed",
        fixed: [
          { send: "14.08", receive: "100.00" },
          { send: "28.17", receive: "200.00" },
        ],
        fxRate: "7.102273",
        localAmounts: true,
        discountPercent: "3",
        fee: "0.50",
      },
      {
        ...common,
        externalId: "121",
        kind: "giftCard",
        name: "Prepaid Visa Global USD",
        country: null,
        receiveCurrency: "USD",
        denomination: "range",
        range: { minSend: "5.00", maxSend: "500.00", minReceive: "5.00", maxReceive: "500.00" },
        fxRate: "1",
        localAmounts: true,
        discountPercent: "2",
      },
    ]);
    expect(paths(state).sort()).toEqual([
      "GET /operators?includeBundles=true&includeData=true&page=1&size=200",
      "GET /operators?includeBundles=true&includeData=true&page=2&size=200",
      "GET /products?page=1&size=200",
    ]);
    expect(state.requests.find((r) => r.path.startsWith("/products"))?.accept).toBe(
      "application/com.reloadly.giftcards-v1+json",
    );
  });

  it("quotes a 10 CNY SKU through each default operator as Reloadly would sell it", async () => {
    const { client } = await setup();
    const entries = await client.catalog(new AbortController().signal);
    const quote = (id: string, kind: SupplierProductKind = "topup", faceValue = "10.00", faceCurrency = "CNY") =>
      reloadlyAdapter.quote(entries.find((e) => e.externalId === id) ?? null, { kind, faceValue, faceCurrency });

    expect(quote("535")).toEqual({
      ok: true,
      quote: {
        send: { ...cny("10.00"), local: true },
        delivers: { value: "10.00", currency: "CNY" },
        cost: usd("1.3818"),
      },
    });
    expect(quote("536")).toEqual({
      ok: true,
      quote: {
        send: { ...usd("1.43"), local: false },
        delivers: { value: "10.01", currency: "CNY" },
        cost: usd("1.3871"),
      },
    });
    expect(quote("538")).toEqual({
      ok: true,
      quote: {
        send: { ...usd("1.45"), local: false },
        delivers: { value: "10.00", currency: "CNY" },
        cost: usd("1.4138"),
      },
    });
    expect(quote("537")).toEqual({ ok: false, reason: "currencyMismatch", params: { currency: "USD", face: "CNY" } });
    expect(quote("538", "topup", "15.00")).toEqual({
      ok: false,
      reason: "valueNotOffered",
      params: { values: "10.00, 20.00, 50.00" },
    });
    expect(quote("120", "giftCard", "100.00")).toEqual({
      ok: true,
      quote: {
        send: { ...cny("100.00"), local: true },
        delivers: { value: "100.00", currency: "CNY" },
        cost: usd("14.1576"),
      },
    });
  });

  it("describes the documentation's own examples: unpaired fixed amounts, no local bounds, a listed map, fees", () => {
    const thailand = {
      id: 729,
      name: "168 Thailand",
      supportsLocalAmounts: false,
      denominationType: "FIXED",
      senderCurrencyCode: "USD",
      destinationCurrencyCode: "THB",
      commission: 0.0,
      internationalDiscount: null,
      country: { isoName: "TH", name: "Thailand" },
      fx: { rate: 24.39, currencyCode: "THB" },
      fixedAmounts: [0.41, 20.31],
      localFixedAmounts: [],
      fees: { international: 0.25, local: 0, internationalPercentage: 1.5, localPercentage: 0 },
    };
    const colombia = {
      id: 88,
      operatorId: 88,
      name: "Movistar Colombia",
      supportsLocalAmounts: true,
      denominationType: "RANGE",
      senderCurrencyCode: "USD",
      destinationCurrencyCode: "COP",
      commission: 4.42,
      internationalDiscount: 4.42,
      minAmount: 5.0,
      maxAmount: 50.0,
      localMinAmount: null,
      localMaxAmount: null,
      country: { isoName: "CO", name: "Colombia" },
      fx: { rate: 2192.1867, currencyCode: "COP" },
    };
    const petSupplies = {
      productId: 1,
      productName: "1-800-PetSupplies",
      global: false,
      senderFee: 205.29,
      discountPercentage: 7.5,
      denominationType: "FIXED",
      recipientCurrencyCode: "USD",
      senderCurrencyCode: "NGN",
      fixedRecipientToSenderDenominationsMap: [{ "25.00": 10264.5 }, { "50.00": 20529.0 }],
      country: { isoName: "US", name: "United States" },
    };

    expect(operatorEntry(thailand)).toMatchObject({
      fixed: [
        { send: "0.41", receive: "9.99" }, // 0.41 × 24.39 = 9.9999, never rounded up
        { send: "20.31", receive: "495.36" },
      ],
      localAmounts: false,
      discountPercent: "-1.5",
      fee: "0.25",
    });
    expect(operatorEntry(colombia)).toMatchObject({
      range: { minSend: "5.00", maxSend: "50.00", minReceive: "10960.93", maxReceive: "109609.33" },
      fxRate: "2192.1867",
      localAmounts: false, // it supports local amounts, but states no local bounds
      discountPercent: "4.42",
    });
    expect(productEntry(petSupplies)).toEqual({
      externalId: "1",
      kind: "giftCard",
      name: "1-800-PetSupplies",
      country: "US",
      sendCurrency: "NGN",
      receiveCurrency: "USD",
      denomination: "fixed",
      fixed: [
        { send: "10264.50", receive: "25.00" },
        { send: "20529.00", receive: "50.00" },
      ],
      range: null,
      fxRate: "0.002436",
      localAmounts: true,
      discountPercent: "7.5",
      fee: "205.29",
    });
  });
});

describe("Reloadly adapter: transactions", () => {
  const window = { start: new Date("2026-11-21T00:00:00Z"), end: new Date("2026-11-22T00:00:00Z") };
  const at = (time: string) => new Date(`2026-11-21T${time}Z`);

  it("reads both reports over the window, every page, with the rows the supplier has and we may not", async () => {
    const { state, client, standin } = await setup({ maxPageSize: 2 });
    await client.submit(topup());
    await client.submit(giftCard({ reference: `${REF}-2`, quantity: 1 }));
    standin.plant({ reference: REF, cost: "1.38", at: at("11:00:00") }); // charged twice under one reference
    standin.plant({ reference: "P-UNKNOWN", cost: "2.00", at: at("12:00:00") }); // no attempt of ours
    standin.plant({ reference: "P-FAILED", status: "FAILED", cost: "3.00", at: at("13:00:00") });
    standin.plant({ api: "giftcards", reference: "G-1", cost: "14.16", at: at("15:00:00") });
    standin.plant({ reference: "P-BEFORE", at: new Date("2026-11-20T23:59:59Z") });
    standin.plant({ reference: "P-AT-END", at: window.end }); // Reloadly's endDate is inclusive, our end is not
    standin.plant({ reference: null, cost: "0.75", at: at("16:00:00") });

    expect(await client.transactions!(window, new AbortController().signal)).toEqual([
      { reference: REF, transactionId: "4602843", state: "success", charged: usd("1.38"), at: at("10:00:00") },
      { reference: REF, transactionId: "4602845", state: "success", charged: usd("1.38"), at: at("11:00:00") },
      { reference: "P-UNKNOWN", transactionId: "4602846", state: "success", charged: usd("2.00"), at: at("12:00:00") },
      { reference: "P-FAILED", transactionId: "4602847", state: "failed", charged: null, at: at("13:00:00") },
      { reference: null, transactionId: "4602851", state: "success", charged: usd("0.75"), at: at("16:00:00") },
      { reference: `${REF}-2`, transactionId: "4602844", state: "success", charged: usd("24.50"), at: at("10:00:00") },
      { reference: "G-1", transactionId: "4602848", state: "success", charged: usd("14.16"), at: at("15:00:00") },
    ]);
    const query = "startDate=2026-11-21+00%3A00%3A00&endDate=2026-11-22+00%3A00%3A00";
    expect(paths(state).slice(3).sort()).toEqual([
      `GET /reports/transactions?${query}&page=1&size=200`,
      `GET /topups/reports/transactions?${query}&page=1&size=200`,
      `GET /topups/reports/transactions?${query}&page=2&size=200`,
      `GET /topups/reports/transactions?${query}&page=3&size=200`,
    ]);
  });

  it("reads a charge from the requested amount less the discount where a report row has no balanceInfo", async () => {
    const { client, standin } = await setup();
    standin.plant({
      reference: "R-1",
      at: at("09:00:00"),
      fields: { balanceInfo: null, requestedAmount: 5, discount: 0.6, discountCurrencyCode: "USD" },
    });
    standin.plant({
      reference: "R-2",
      at: at("09:30:00"),
      fields: { balanceInfo: null, requestedAmount: 3168.4, discount: 63.37, discountCurrencyCode: "NGN" },
    });

    expect(await client.transactions!(window, new AbortController().signal)).toEqual([
      { reference: "R-1", transactionId: "4602843", state: "success", charged: usd("4.40"), at: at("09:00:00") },
      { reference: "R-2", transactionId: "4602844", state: "success", charged: null, at: at("09:30:00") },
    ]);
  });

  it("throws on a report row it cannot read rather than reconcile against a guess", async () => {
    const { client, standin } = await setup();
    standin.plant({ reference: "R-1", at: at("09:00:00"), fields: { status: "ON_HOLD" } });
    await expect(client.transactions!(window, new AbortController().signal)).rejects.toThrow(
      new SupplierUnclearError("Reloadly reported a topup transaction we cannot read: 4602843"),
    );
  });
});

describe("Reloadly adapter: gift cards", () => {
  it("orders the cards and answers their codes, digit for digit", async () => {
    const { state, client, standin } = await setup();
    const answer = await client.submit(giftCard());

    const codes = standin.transactionsOf(REF)[0]?.cards.map(({ cardNumber, pinCode }) => ({
      serial: cardNumber,
      pin: pinCode,
      expiresAt: null,
    }));
    expect(codes?.[0]?.serial).toHaveLength(19);
    // 2 × 25 USD, less 2 %.
    expect(answer).toEqual({
      state: "success",
      transactionId: "4602843",
      cards: codes,
      cost: usd("49.00"),
      delivered: usd("50.00"),
    });
    expect(state.requests[0]?.body).toEqual({
      productId: 121,
      quantity: 2,
      unitPrice: 25,
      customIdentifier: REF,
      senderName: "Merchant Portal",
    });
    expect(state.requests.map((r) => `${r.method} ${r.path} ${r.accept}`)).toEqual([
      "POST /orders application/com.reloadly.giftcards-v1+json",
      "GET /orders/transactions/4602843/cards application/com.reloadly.giftcards-v1+json",
    ]);
  });

  it("answers a PROCESSING order as pending, then its cards through query", async () => {
    const { client } = await setup({ behaviour: () => "pending" });
    expect(await client.submit(giftCard({ quantity: 1 }))).toEqual({ state: "pending", transactionId: "4602843" });

    const answer = await client.query({ ...giftCard({ quantity: 1, attempt: 2 }), transactionId: "4602843" });
    expect(answer).toMatchObject({
      state: "success",
      transactionId: "4602843",
      cost: usd("24.50"),
      delivered: usd("25.00"),
    });
    expect(answer.state === "success" && answer.cards).toHaveLength(1);
  });

  it("finds an order whose answer was lost, with its cards", async () => {
    const { state, client, standin } = await setup({ behaviour: () => "drop" });
    await expect(client.submit(giftCard())).rejects.toBeInstanceOf(SupplierUnclearError);

    const found = await client.lookup(giftCard({ attempt: 2 }));
    expect(found).toMatchObject({ state: "success", transactionId: "4602843" });
    expect(found.state === "success" && found.cards?.map((card) => card.serial)).toEqual(
      standin.transactionsOf(REF)[0]?.cards.map((card) => card.cardNumber),
    );
    expect(paths(state)).toContain(`GET /reports/transactions?customIdentifier=${REF}`);
  });

  it("answers failed with Reloadly's words for an unknown product", async () => {
    const { client } = await setup({ behaviour: () => "invalidOperator" });
    expect(await client.submit(giftCard())).toEqual({
      state: "failed",
      reason: "Reloadly: Invalid product id (INVALID_PRODUCT)",
      code: "PRODUCT_UNAVAILABLE",
    });
  });

  it("derives the gift-card API's host from the top-ups API's", () => {
    expect(giftCardBase("https://topups.reloadly.com")).toBe("https://giftcards.reloadly.com");
    expect(giftCardBase("https://topups-sandbox.reloadly.com")).toBe("https://giftcards-sandbox.reloadly.com");
    expect(giftCardBase("http://127.0.0.1:4010")).toBe("http://127.0.0.1:4010");
  });
});

describe("Reloadly adapter: balance and secrets", () => {
  it("reads the account's balance, which each placed top-up lowers by its cost", async () => {
    const { client } = await setup();
    const signal = new AbortController().signal;
    expect(await client.balance(signal)).toEqual({ amount: "1000.5", currency: "USD" });
    await client.submit(topup());
    expect(await client.balance(signal)).toEqual({ amount: "999.12", currency: "USD" });
  });

  it("reads the balance and charges in the account's own currency", async () => {
    const { client } = await setup({ currency: "EUR", balance: "500.00" });
    expect(await client.balance(new AbortController().signal)).toEqual({ amount: "500", currency: "EUR" });
    const entry = { ...operatorOf(STANDIN_IDS.cnLocal), sendCurrency: "EUR" };
    const plan = planned(entry, "topup", "10.00");
    expect(await client.submit(topup({ entry, plan }))).toMatchObject({ cost: { amount: "1.38", currency: "EUR" } });
  });

  it("keeps the secret and the token out of every reason and message, even when Reloadly echoes them", async () => {
    const { state, client } = await setup();
    const secret = state.credentials.clientSecret;
    const echo = () => `Bad request from ${secret} with ${[...state.tokens].join(" ")}`;
    state.behaviour = () => ({ status: 400, body: { message: echo(), errorCode: "INVALID_INPUT_PROVIDED" } });
    const refused = await client.submit(topup());

    state.behaviour = () => ({ status: 502, body: { message: echo(), errorCode: "BAD_GATEWAY" } });
    const thrown = await client.submit(topup({ reference: `${REF}-2` })).catch((e: unknown) => e);

    expect(refused).toEqual({
      state: "failed",
      reason: "Reloadly: Bad request from *** with *** (INVALID_INPUT_PROVIDED)",
      code: "SUPPLIER_REFUSED",
    });
    expect((thrown as Error).message).toBe(
      "Reloadly answered POST /topups with HTTP 502 BAD_GATEWAY: Bad request from *** with ***",
    );
    expect(state.tokens.size).toBe(1);
  });
});
