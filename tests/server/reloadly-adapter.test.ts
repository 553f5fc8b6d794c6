import { afterEach, describe, expect, it } from "vitest";
import { manualClock } from "../../server/src/lib/clock";
import { giftCardBase, reloadlyAdapter } from "../../server/src/modules/supplier/adapters/reloadly";
import { type SupplierRequest, SupplierUnclearError } from "../../server/src/modules/supplier/supplier";
import { type StandinState, startReloadlyStandin } from "../support/standins/reloadly-standin";

const placedAt = new Date("2026-11-21T10:00:00Z");
const REF = "P202611210000000042";
let standin: Awaited<ReturnType<typeof startReloadlyStandin>> | undefined;

afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

/** A fresh stand-in, and a client (with its own tokens) of one account pointing at it for both APIs. */
async function setup(options: Partial<StandinState> = {}) {
  standin = await startReloadlyStandin(options);
  const { baseUrl, state } = standin;
  const clock = manualClock(placedAt);
  const account = { id: 7, baseUrl, authUrl: baseUrl, credentials: { ...state.credentials } };
  const client = reloadlyAdapter.connect(account, { clock, simulatorDelayMs: 0 });
  return { baseUrl, state, clock, client };
}

const topup = (extra: Partial<SupplierRequest> = {}): SupplierRequest => ({
  reference: REF,
  orderNo: REF,
  productType: 1,
  supplierProduct: "535",
  faceValue: "10.00",
  faceCurrency: "USD",
  spec: "10 USD",
  quantity: 1,
  rechargeAccount: "+8613800138000",
  inputs: { account: "+8613800138000", countryCode: "cn" },
  placedAt,
  attempt: 1,
  signal: new AbortController().signal,
  ...extra,
});

const giftCard = (extra: Partial<SupplierRequest> = {}) =>
  topup({
    productType: 3,
    supplierProduct: "120",
    faceValue: "25.00",
    quantity: 2,
    rechargeAccount: "",
    inputs: {},
    ...extra,
  });

const paths = (state: StandinState) => state.requests.map((request) => `${request.method} ${request.path}`);

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
    expect(state.transactions.size).toBe(1);
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
    expect(state.transactions.size).toBe(0);
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
  it("sends the documented body and answers success with the transaction id and what the account paid", async () => {
    const { state, client } = await setup();
    expect(await client.submit(topup())).toEqual({
      state: "success",
      transactionId: "4602843",
      cost: "9.8",
      costCurrency: "USD",
    });
    expect(state.requests[0]?.body).toEqual({
      operatorId: 535,
      amount: 10,
      useLocalAmount: false,
      customIdentifier: REF,
      recipientPhone: { countryCode: "CN", number: "8613800138000" },
    });

    // The same number written without "+" reaches Reloadly the same way.
    await client.submit(topup({ reference: `${REF}-2`, rechargeAccount: "86 138 0013 8000" }));
    expect(state.requests[1]?.body).toMatchObject({ recipientPhone: { countryCode: "CN", number: "8613800138000" } });
  });

  it("answers pending while Reloadly is PROCESSING, then success through query", async () => {
    const { state, client } = await setup({ behaviour: () => "pending", pendingQueries: 2 });
    expect(await client.submit(topup())).toEqual({ state: "pending", transactionId: "4602843" });

    const query = { ...topup({ attempt: 2 }), transactionId: "4602843" };
    expect(await client.query(query)).toEqual({ state: "pending", transactionId: "4602843" });
    expect(await client.query(query)).toEqual({
      state: "success",
      transactionId: "4602843",
      cost: "9.8",
      costCurrency: "USD",
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
    expect(await client.submit(topup({ reference: `${REF}-2`, faceValue: "5" }))).toEqual({
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
    const reasons = [];
    for (const rechargeAccount of [...Object.keys(refusals), "8613800000004"]) {
      const answer = await client.submit(topup({ reference: `${REF}-${rechargeAccount}`, rechargeAccount }));
      reasons.push(answer.state === "failed" ? answer.reason : answer.state);
    }
    expect(reasons).toEqual([
      "Reloadly: Recipient phone number is not valid (INVALID_RECIPIENT_PHONE)",
      "Reloadly: Operator not found for given id (OPERATOR_NOT_FOUND)",
      "Reloadly: Insufficient funds in the wallet (INSUFFICIENT_BALANCE)",
      "Reloadly: Invalid price (HTTP 400)",
    ]);
    expect(state.transactions.size).toBe(0);
  });

  it("answers failed without calling Reloadly when the order cannot be a Reloadly top-up", async () => {
    const { state, client } = await setup();
    const cases = [
      topup({ inputs: {} }),
      topup({ quantity: 2 }),
      topup({ supplierProduct: "MTN-NG" }),
      topup({ rechargeAccount: "player#42" }),
      topup({ productType: 2 }),
    ];
    const reasons = await Promise.all(cases.map(async (request) => client.submit(request)));
    expect(reasons).toEqual([
      { state: "failed", reason: "Reloadly needs the recipient's country: no countryCode input (ISO 2)" },
      { state: "failed", reason: "Reloadly top-ups are single, quantity 2 cannot be sent" },
      { state: "failed", reason: "Reloadly product id is not a number: MTN-NG" },
      { state: "failed", reason: "Recharge account is not an international phone number: player#42" },
      { state: "failed", reason: "Reloadly sells no login top-ups" },
    ]);
    expect(state.tokenRequests).toEqual([]);
    expect(state.requests).toEqual([]);
  });

  it("answers a repeated reference with what Reloadly did the first time, placing nothing twice", async () => {
    const { state, client } = await setup();
    const first = await client.submit(topup());
    const again = await client.submit(topup({ attempt: 2 }));

    expect(again).toEqual(first);
    expect(state.transactions.size).toBe(1);
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
      cost: "9.8",
      costCurrency: "USD",
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

describe("Reloadly adapter: gift cards", () => {
  it("orders the cards and answers their codes, digit for digit", async () => {
    const { state, client } = await setup();
    const answer = await client.submit(giftCard());

    const codes = state.transactions.get(REF)?.cards.map(({ cardNumber, pinCode }) => ({
      serial: cardNumber,
      pin: pinCode,
      expiresAt: null,
    }));
    expect(codes?.[0]?.serial).toHaveLength(19);
    expect(answer).toEqual({
      state: "success",
      transactionId: "4602843",
      cards: codes,
      cost: "49",
      costCurrency: "USD",
    });
    expect(state.requests[0]?.body).toEqual({
      productId: 120,
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
    expect(answer).toMatchObject({ state: "success", transactionId: "4602843", cost: "24.75", costCurrency: "USD" });
    expect(answer.state === "success" && answer.cards).toHaveLength(1);
  });

  it("finds an order whose answer was lost, with its cards", async () => {
    const { state, client } = await setup({ behaviour: () => "drop" });
    await expect(client.submit(giftCard())).rejects.toBeInstanceOf(SupplierUnclearError);

    const found = await client.lookup(giftCard({ attempt: 2 }));
    expect(found).toMatchObject({ state: "success", transactionId: "4602843" });
    expect(found.state === "success" && found.cards?.map((card) => card.serial)).toEqual(
      state.transactions.get(REF)?.cards.map((card) => card.cardNumber),
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
    expect(await client.balance(signal)).toEqual({ amount: "990.7", currency: "USD" });
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
