import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CatalogEntry, Quote } from "#contracts";
import { manualClock } from "../../server/src/lib/clock";
import { dingConnectAdapter } from "../../server/src/modules/supplier/adapters/dingconnect";
import { type SupplierRequest, SupplierUnclearError } from "../../server/src/modules/supplier/supplier";
import {
  DING_SKUS,
  type DingConnectStandin,
  dingPrice,
  dingProduct,
  startDingConnectStandin,
} from "../support/standins/dingconnect-standin";

const KEY = "ding-key-7f3a9c";
const ACCOUNT = "8613800138000";
const REF = "P202611210000000042";
let ding: DingConnectStandin;

beforeEach(async () => {
  ding = await startDingConnectStandin({ apiKey: KEY, balance: 500, distributorFee: 0.25 });
});
afterEach(() => ding.close());

const connect = (apiKey = KEY) =>
  dingConnectAdapter.connect(
    { id: 7, baseUrl: ding.baseUrl, authUrl: "", credentials: { apiKey } },
    { clock: manualClock(), simulatorDelayMs: 0 },
  );

/** The stand-in's default products as the adapter must describe them (its DistributorFee is 0.25). */
const ENTRIES = {
  range: {
    externalId: "CN_CM_TOPUP",
    kind: "topup",
    name: "China Mobile 7 CNY to 1050 CNY",
    country: "CN",
    sendCurrency: "USD",
    receiveCurrency: "CNY",
    denomination: "range",
    fixed: [],
    range: { minSend: "1.00", maxSend: "150.00", minReceive: "7.00", maxReceive: "1050.00" },
    fxRate: "7",
    localAmounts: false,
    discountPercent: "4",
    fee: "0.25",
  },
  fixed: {
    externalId: "CN_CM_10CNY",
    kind: "topup",
    name: "China Mobile 10 CNY",
    country: "CN",
    sendCurrency: "USD",
    receiveCurrency: "CNY",
    denomination: "fixed",
    fixed: [{ send: "1.50", receive: "10.00" }],
    range: null,
    fxRate: "6.666666",
    localAmounts: false,
    discountPercent: "4",
    fee: "0.25",
  },
  usd: {
    externalId: "US_ATT_5USD",
    kind: "topup",
    name: "AT&T 5 USD",
    country: "US",
    sendCurrency: "USD",
    receiveCurrency: "USD",
    denomination: "fixed",
    fixed: [{ send: "5.00", receive: "5.00" }],
    range: null,
    fxRate: "1",
    localAmounts: false,
    discountPercent: "3",
    fee: "0.25",
  },
} satisfies Record<string, CatalogEntry>;

const ten = { kind: "topup", faceValue: "10.00", faceCurrency: "CNY" } as const;

function planOf(entry: CatalogEntry): Quote {
  const quoted = dingConnectAdapter.quote(entry, ten);
  if (!quoted.ok) throw new Error(`no quote: ${quoted.reason}`);
  return quoted.quote;
}

const request = (entry: CatalogEntry = ENTRIES.fixed, extra: Partial<SupplierRequest> = {}): SupplierRequest => ({
  reference: REF,
  orderNo: REF,
  productType: 1,
  supplierProduct: entry.externalId,
  faceValue: "10.00",
  faceCurrency: "CNY",
  plan: planOf(entry),
  entry,
  spec: "10 CNY",
  quantity: 1,
  rechargeAccount: `+${ACCOUNT}`,
  inputs: { account: `+${ACCOUNT}` },
  placedAt: new Date("2026-11-21T10:00:00Z"),
  attempt: 1,
  signal: AbortSignal.timeout(5000),
  ...extra,
});

const listBodies = () => ding.state.requests.filter((r) => r.path === "/api/V1/ListTransferRecords").map((r) => r.body);
/** A success through the fixed product: 1.50 + 0.25 fee − 0.06 commission (4 %). */
const FIXED_SUCCESS = {
  state: "success",
  transactionId: "900000001",
  cost: { amount: "1.69", currency: "USD" },
  delivered: { amount: "10.00", currency: "CNY" },
};

describe("DingConnect adapter: catalog and quotes", () => {
  it("describes each top-up product Ding lists, with its provider's country, and leaves out what it cannot send", async () => {
    ding.state.products.push(
      dingProduct({
        ProviderCode: "CMCN",
        SkuCode: "CN_CM_PIN_50",
        DefaultDisplayText: "China Mobile PIN 50 CNY",
        CommissionRate: 5,
        Minimum: dingPrice("7.5", "USD", "50", "CNY"),
        RedemptionMechanism: "ReadReceipt",
      }),
      dingProduct({
        ProviderCode: "CMCN",
        SkuCode: "CN_CM_BILL",
        DefaultDisplayText: "China Mobile bill",
        CommissionRate: 1,
        Minimum: dingPrice("1", "USD", "7", "CNY"),
        Maximum: dingPrice("100", "USD", "700", "CNY"),
        LookupBillsRequired: true,
      }),
    );
    expect(await connect().catalog(AbortSignal.timeout(5000))).toEqual([ENTRIES.range, ENTRIES.fixed, ENTRIES.usd]);
    expect(ding.state.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      "GET /api/V1/GetProducts",
      "GET /api/V1/GetProviders",
    ]);
  });

  it("quotes a 10 CNY SKU through the fixed product and through the range product", () => {
    expect(dingConnectAdapter.quote(ENTRIES.fixed, ten)).toEqual({
      ok: true,
      quote: {
        send: { amount: "1.50", currency: "USD", local: false },
        delivers: { value: "10.00", currency: "CNY" },
        cost: { amount: "1.69", currency: "USD" },
      },
    });
    // 10 / 7 = 1.4285… sent as 1.43 (never less than the face value arrives): 10.01 CNY, 1.43 × 0.96 + 0.25.
    expect(dingConnectAdapter.quote(ENTRIES.range, ten)).toEqual({
      ok: true,
      quote: {
        send: { amount: "1.43", currency: "USD", local: false },
        delivers: { value: "10.01", currency: "CNY" },
        cost: { amount: "1.6228", currency: "USD" },
      },
    });
    expect(dingConnectAdapter.quote(ENTRIES.fixed, { ...ten, faceValue: "20" })).toEqual({
      ok: false,
      reason: "valueNotOffered",
      params: { values: "10.00" },
    });
    expect(dingConnectAdapter.quote(ENTRIES.usd, ten)).toEqual({
      ok: false,
      reason: "currencyMismatch",
      params: { currency: "USD", face: "CNY" },
    });
    expect(dingConnectAdapter.quote(null, ten)).toEqual({ ok: false, reason: "notInCatalog", params: {} });
  });
});

describe("DingConnect adapter: sending", () => {
  it("sends a fixed product's SendValue in the account's currency and answers what Ding charged and delivered", async () => {
    expect(await connect().submit(request())).toEqual(FIXED_SUCCESS);
    expect(ding.sent()).toEqual([
      {
        SkuCode: "CN_CM_10CNY",
        SendValue: 1.5,
        SendCurrencyIso: "USD",
        AccountNumber: ACCOUNT,
        DistributorRef: REF,
        ValidateOnly: false,
      },
    ]);
    expect(ding.state.requests[0]?.apiKey).toBe(KEY);
    expect(await connect().balance(AbortSignal.timeout(5000))).toEqual({ amount: "498.31", currency: "USD" });
  });

  it("asks EstimatePrices for a range product's SendValue and sends it in USD", async () => {
    expect(await connect().submit(request(ENTRIES.range))).toEqual({
      state: "success",
      transactionId: "900000001",
      cost: { amount: "1.6228", currency: "USD" },
      delivered: { amount: "10.01", currency: "CNY" },
    });
    const estimates = ding.state.requests.filter((r) => r.path === "/api/V1/EstimatePrices").map((r) => r.body);
    expect(estimates).toEqual([[{ SkuCode: "CN_CM_TOPUP", ReceiveValue: 10, BatchItemRef: REF }]]);
    expect(ding.sent()).toEqual([
      {
        SkuCode: "CN_CM_TOPUP",
        SendValue: 1.43,
        SendCurrencyIso: "USD",
        AccountNumber: ACCOUNT,
        DistributorRef: REF,
        ValidateOnly: false,
      },
    ]);
    expect(ding.state.balance).toBe("498.3772");
  });

  it("sends what EstimatePrices says once Ding's rate has moved since the sync, and says so in `sent`", async () => {
    const range = ding.state.products.find((p) => p.SkuCode === DING_SKUS.cnRange)!;
    range.Minimum = dingPrice("1", "USD", "6.9", "CNY", "0.25");
    range.Maximum = dingPrice("150", "USD", "1035", "CNY", "0.25");
    // 10 / 6.9 = 1.4492… → 1.45, which delivers 10.005 → 10.00 CNY; 1.45 + 0.25 − 0.058.
    expect(await connect().submit(request(ENTRIES.range))).toEqual({
      state: "success",
      transactionId: "900000001",
      cost: { amount: "1.642", currency: "USD" },
      delivered: { amount: "10.00", currency: "CNY" },
      sent: { amount: "1.45", currency: "USD", local: false },
    });
    expect(ding.sent()).toMatchObject([{ SendValue: 1.45, SendCurrencyIso: "USD" }]);
  });

  it("treats an EstimatePrices that fails as don't know, and sends nothing", async () => {
    ding.state.estimateError = { Code: "TransientProviderError", Context: "ProviderTimedOut" };
    const submit = connect().submit(request(ENTRIES.range));
    await expect(submit).rejects.toThrow(SupplierUnclearError);
    await expect(submit).rejects.toThrow(
      "DingConnect EstimatePrices: ResultCode 3 TransientProviderError (ProviderTimedOut), no price we can send",
    );
    expect(ding.sent()).toEqual([]);
  });

  it("refuses the route when Ding's estimate delivers another currency", async () => {
    const range = ding.state.products.find((p) => p.SkuCode === DING_SKUS.cnRange)!;
    range.Minimum = dingPrice("1", "USD", "7", "HKD");
    range.Maximum = dingPrice("150", "USD", "1050", "HKD");
    expect(await connect().submit(request(ENTRIES.range))).toEqual({
      state: "failed",
      reason: "DingConnect: CN_CM_TOPUP now delivers 10.01 HKD, not 10.00 CNY",
      code: "PRODUCT_UNAVAILABLE",
    });
    expect(ding.sent()).toEqual([]);
  });

  it("reports a short delivery as Ding states it, charged in full", async () => {
    ding.state.bySku.set(DING_SKUS.cn10, { kind: "short", less: "0.5" });
    expect(await connect().submit(request())).toEqual({
      ...FIXED_SUCCESS,
      delivered: { amount: "9.50", currency: "CNY" },
    });
    expect(ding.state.balance).toBe("498.31");
  });

  it.each([
    [
      "a SendValue outside the product's bounds",
      { send: { amount: "2.00", currency: "USD", local: false } },
      "DingConnect: ParameterOutOfRange (SendValue)",
      "PRODUCT_UNAVAILABLE",
    ],
    [
      "another currency than the account's",
      { send: { amount: "1.50", currency: "EUR", local: false } },
      "DingConnect: ParameterInvalid (SendCurrencyIso)",
      "SUPPLIER_REFUSED",
    ],
  ])("is refused by Ding for %s", async (_, change, reason, code) => {
    const plan = { ...planOf(ENTRIES.fixed), ...change };
    expect(await connect().submit(request(ENTRIES.fixed, { plan }))).toEqual({ state: "failed", reason, code });
    expect(ding.state.transfers).toEqual([]);
  });

  it("answers pending for an accepted transfer, and success once a query finds it complete", async () => {
    ding.state.byAccount.set(ACCOUNT, { kind: "pending", pendingLists: 1 });
    const client = connect();
    expect(await client.submit(request())).toEqual({ state: "pending", transactionId: "900000001" });
    const query = { ...request(ENTRIES.fixed, { attempt: 2 }), transactionId: "900000001" };
    expect(await client.query(query)).toEqual({ state: "pending", transactionId: "900000001" });
    expect(await client.query(query)).toEqual(FIXED_SUCCESS);
    expect(listBodies()[0]).toEqual({ TransferRef: "900000001", DistributorRef: REF, Skip: 0, Take: 10 });
  });

  it.each([400, 200])("fails a refusal with its code and context (HTTP %i)", async (status) => {
    ding.state.byAccount.set(ACCOUNT, {
      kind: "refuse",
      code: "AccountNumberInvalid",
      context: "ProviderRefusedRequest",
      status,
    });
    expect(await connect().submit(request())).toEqual({
      state: "failed",
      reason: "DingConnect: AccountNumberInvalid (ProviderRefusedRequest)",
      code: "ACCOUNT_INVALID",
    });
    expect(ding.state.transfers).toEqual([]);
  });

  it("fails InsufficientBalance although Ding answers it with HTTP 500, and no other 5xx", async () => {
    ding.state.balance = "1.74";
    expect(await connect().submit(request())).toEqual({
      state: "failed",
      reason: "DingConnect: InsufficientBalance",
      code: "SUPPLIER_UNAVAILABLE",
    });
    ding.state.bySku.set(DING_SKUS.cn10, {
      kind: "refuse",
      code: "ProviderError",
      context: "ProviderUnknownError",
      status: 500,
    });
    await expect(connect().submit(request())).rejects.toThrow(SupplierUnclearError);
  });

  it("answers a DistributorRef Ding has seen with that transfer, bought once", async () => {
    const first = await connect().submit(request());
    const again = await connect().submit(request(ENTRIES.fixed, { attempt: 3 }));
    expect(again).toEqual(first);
    expect(ding.sent()).toHaveLength(2);
    expect(ding.state.transfers).toHaveLength(1);
    expect(ding.state.balance).toBe("498.31");
  });

  it.each([
    ["a 500 that is no Ding answer", { kind: "serverError" }, /HTTP 500, unreadable/],
    ["an unreadable 200", { kind: "garbage" }, /HTTP 200, unreadable/],
    ["rate limiting", { kind: "rateLimited" }, /ResultCode 3 RateLimited/],
    [
      "a provider time-out",
      { kind: "refuse", code: "TransientProviderError", context: "ProviderTimedOut", resultCode: 3 },
      /ProviderTimedOut/,
    ],
    ["an error code it does not know", { kind: "refuse", code: "SomethingNew", resultCode: 5 }, /SomethingNew/],
  ] as const)("throws (never fails) on %s", async (_, behaviour, message) => {
    ding.state.byAccount.set(ACCOUNT, behaviour);
    const submit = connect().submit(request());
    await expect(submit).rejects.toThrow(SupplierUnclearError);
    await expect(submit).rejects.toThrow(message);
  });

  it("throws when Ding hangs up without answering", async () => {
    ding.state.byAccount.set(ACCOUNT, { kind: "drop" });
    await expect(connect().submit(request())).rejects.toThrow(/DingConnect SendTransfer: no answer/);
    expect(ding.state.transfers).toEqual([]);
  });

  it("drops a slow answer at the caller's time-out, and lookup then finds what Ding did", async () => {
    ding.state.byAccount.set(ACCOUNT, { kind: "slow", ms: 10_000 });
    const started = Date.now();
    await expect(connect().submit(request(ENTRIES.fixed, { signal: AbortSignal.timeout(200) }))).rejects.toThrow(
      "DingConnect SendTransfer: no answer (timed out)",
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await connect().lookup(request(ENTRIES.fixed, { attempt: 2 }))).toEqual(FIXED_SUCCESS);
  });

  it("looks an attempt up by its DistributorRef: found, or notFound", async () => {
    await connect().submit(request());
    expect(await connect().lookup(request())).toEqual(FIXED_SUCCESS);
    expect(await connect().lookup(request(ENTRIES.fixed, { reference: `${REF}-2` }))).toEqual({ state: "notFound" });
    expect(listBodies()).toEqual([
      { DistributorRef: REF, Skip: 0, Take: 10 },
      { DistributorRef: `${REF}-2`, Skip: 0, Take: 10 },
    ]);
  });

  it("throws rather than answer notFound when the list is not filtered by the DistributorRef", async () => {
    await connect().submit(request());
    ding.state.ignoreFilters = true;
    const other = request(ENTRIES.fixed, { reference: `${REF}-2` });
    await expect(connect().lookup(other)).rejects.toThrow("ignored the DistributorRef");
  });

  it("throws on a query for a transfer Ding does not list", async () => {
    await expect(connect().query({ ...request(), transactionId: "123" })).rejects.toThrow(SupplierUnclearError);
  });

  it.each([
    [{ productType: 3 }, { state: "failed", reason: "DingConnect: top-ups only, this adapter sends no gift cards" }],
    [{ quantity: 2 }, { state: "failed", reason: "DingConnect: one top-up per transfer, not 2" }],
    [
      { entry: null },
      {
        state: "failed",
        reason: "DingConnect: no product of the synced catalog is routed to this SKU",
        code: "PRODUCT_UNAVAILABLE",
      },
    ],
  ])("refuses %o without calling Ding", async (extra, answer) => {
    expect(await connect().submit(request(ENTRIES.fixed, extra))).toEqual(answer);
    expect(ding.state.requests).toEqual([]);
  });

  it("reports the balance", async () => {
    expect(await connect().balance(AbortSignal.timeout(5000))).toEqual({ amount: "500.00", currency: "USD" });
  });

  it("throws on a refused key, naming the problem but never a key", async () => {
    const client = connect("wrong-key-4d2e");
    for (const call of [client.balance(AbortSignal.timeout(5000)), client.submit(request())]) {
      const error = await call.then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toMatch(/API key was refused \(HTTP 401\)/);
      expect(error?.message).not.toContain("wrong-key-4d2e");
      expect(error?.message).not.toContain(KEY);
    }
    expect(ding.state.transfers).toEqual([]);
  });
});

describe("DingConnect adapter: the transfer report", () => {
  const WINDOW = { start: new Date("2026-11-21T00:00:00Z"), end: new Date("2026-11-22T00:00:00Z") };
  const at = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000);
  const charged = (amount: string) => ({ amount, currency: "USD" });

  /** 100 transfers of ours inside the window (01:00 to 02:39), 250 before it, one at its (exclusive) end. */
  function plantDay() {
    const inside = Array.from({ length: 100 }, (_, i) =>
      ding.plant({
        distributorRef: `F-${i}`,
        skuCode: DING_SKUS.cn10,
        sendValue: "1.50",
        startedUtc: at("2026-11-21T01:00:00Z", i),
      }),
    );
    for (let i = 0; i < 250; i += 1)
      ding.plant({ distributorRef: `OLD-${i}`, sendValue: "1.43", startedUtc: at("2026-11-20T12:00:00Z", i) });
    ding.plant({ distributorRef: "NEXT-DAY", sendValue: "1.43", startedUtc: WINDOW.end });
    // Newest first: the fillers as the report lists them (1.50 + 0.25 − 0.06 each).
    return inside.reverse().map((record) => ({
      reference: record.TransferId!.DistributorRef,
      transactionId: record.TransferId!.TransferRef,
      state: "success",
      charged: charged("1.69"),
      at: new Date(record.StartedUtc),
    }));
  }

  it("reads the window across pages, newest first, with what Ding has that we did not send", async () => {
    const fillers = plantDay();
    ding.state.now = () => new Date("2026-11-21T10:00:00Z");
    await connect().submit(request());
    ding.plant({ distributorRef: null, sendValue: "5.00", startedUtc: "2026-11-21T09:00:00Z" });
    ding.plant({ distributorRef: REF, skuCode: DING_SKUS.cn10, sendValue: "1.50", startedUtc: "2026-11-21T09:30:00Z" });
    ding.plant({ distributorRef: `${REF}-2`, sendValue: "1.43", state: "Failed", startedUtc: "2026-11-21T08:00:00Z" });
    ding.plant({ distributorRef: "P202611210000000044", sendValue: "2.00", startedUtc: "2026-11-21T07:00:00Z" });
    ding.plant({
      distributorRef: "P202611210000000045",
      sendValue: "1.43",
      state: "Processing",
      startedUtc: "2026-11-21T06:00:00Z",
    });
    const rows = await connect().transactions!(WINDOW, AbortSignal.timeout(5000));
    const row = (reference: string | null, transactionId: string, state: string, cost: string | null, iso: string) => ({
      reference,
      transactionId,
      state,
      charged: cost === null ? null : charged(cost),
      at: new Date(iso),
    });
    expect(rows.slice(0, 6)).toEqual([
      row(REF, "900000352", "success", "1.69", "2026-11-21T10:00:00Z"),
      // One reference charged twice.
      row(REF, "900000354", "success", "1.69", "2026-11-21T09:30:00Z"),
      // Under no reference of ours: 5.00 + 0.25 − 0.20 (4 %).
      row(null, "900000353", "success", "5.05", "2026-11-21T09:00:00Z"),
      row(`${REF}-2`, "900000355", "failed", null, "2026-11-21T08:00:00Z"),
      // 2.00 + 0.25 − 0.08.
      row("P202611210000000044", "900000356", "success", "2.17", "2026-11-21T07:00:00Z"),
      row("P202611210000000045", "900000357", "pending", null, "2026-11-21T06:00:00Z"),
    ]);
    expect(rows.slice(6)).toEqual(fillers);
    // 357 records: the third page holds only transfers before the window, so the fourth is never asked for.
    expect(listBodies()).toEqual([0, 100, 200].map((Skip) => ({ Skip, Take: 100 })));
  });

  it("reads every page when Ding lists oldest first", async () => {
    const fillers = plantDay();
    ding.state.oldestFirst = true;
    const rows = await connect().transactions!(WINDOW, AbortSignal.timeout(5000));
    expect(rows).toEqual([...fillers].reverse());
    expect(listBodies()).toEqual([0, 100, 200, 300].map((Skip) => ({ Skip, Take: 100 })));
  });

  it("throws on a record it cannot read rather than reconcile against a guess", async () => {
    ding.plant({ distributorRef: REF, sendValue: "1.43", startedUtc: "2026-11-21T09:00:00Z" });
    ding.state.transfers[0]!.record.StartedUtc = "";
    await expect(connect().transactions!(WINDOW, AbortSignal.timeout(5000))).rejects.toThrow(
      "DingConnect listed a transfer we cannot read: 900000001",
    );
  });
});
