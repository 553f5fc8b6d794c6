import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../server/src/lib/clock";
import { dingConnectAdapter } from "../../server/src/modules/supplier/adapters/dingconnect";
import { type SupplierRequest, SupplierUnclearError } from "../../server/src/modules/supplier/supplier";
import { type DingConnectStandin, startDingConnectStandin } from "../support/standins/dingconnect-standin";

const KEY = "ding-key-7f3a9c";
const ACCOUNT = "8613800138000";
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

const request = (extra: Partial<SupplierRequest> = {}): SupplierRequest => ({
  reference: "P202611210000000042",
  orderNo: "P202611210000000042",
  productType: 1,
  supplierProduct: "CN_CM_TopUp",
  faceValue: "10.00",
  faceCurrency: "USD",
  spec: "10 USD",
  quantity: 1,
  rechargeAccount: `+${ACCOUNT}`,
  inputs: { account: `+${ACCOUNT}` },
  placedAt: new Date("2026-11-21T10:00:00Z"),
  attempt: 1,
  signal: AbortSignal.timeout(5000),
  ...extra,
});

describe("DingConnect adapter", () => {
  it("sends a top-up as Ding documents it and answers success with Ding's TransferRef and charge", async () => {
    const answer = await connect().submit(request());
    expect(answer).toEqual({ state: "success", transactionId: "900000001", cost: "10.25", costCurrency: "USD" });
    expect(ding.sent()).toEqual([
      {
        SkuCode: "CN_CM_TopUp",
        SendValue: 10,
        SendCurrencyIso: "USD",
        AccountNumber: ACCOUNT,
        DistributorRef: "P202611210000000042",
        ValidateOnly: false,
      },
    ]);
    expect(ding.state.requests[0]?.apiKey).toBe(KEY);
    expect(await connect().balance(AbortSignal.timeout(5000))).toEqual({ amount: "489.75", currency: "USD" });
  });

  it("answers pending for an accepted transfer, and success once a query finds it complete", async () => {
    ding.state.byAccount.set(ACCOUNT, { kind: "pending", pendingLists: 1 });
    const client = connect();
    expect(await client.submit(request())).toEqual({ state: "pending", transactionId: "900000001" });
    const query = { ...request({ attempt: 2 }), transactionId: "900000001" };
    expect(await client.query(query)).toEqual({ state: "pending", transactionId: "900000001" });
    expect(await client.query(query)).toEqual({
      state: "success",
      transactionId: "900000001",
      cost: "10.25",
      costCurrency: "USD",
    });
    const lists = ding.state.requests.filter((r) => r.path === "/api/V1/ListTransferRecords").map((r) => r.body);
    expect(lists[0]).toEqual({ TransferRef: "900000001", DistributorRef: "P202611210000000042", Skip: 0, Take: 10 });
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
    expect(ding.state.transfers.size).toBe(0);
  });

  it("fails InsufficientBalance although Ding answers it with HTTP 500, and no other 5xx", async () => {
    ding.state.bySku.set("CN_CM_TopUp", { kind: "refuse", code: "InsufficientBalance" });
    expect(await connect().submit(request())).toEqual({
      state: "failed",
      reason: "DingConnect: InsufficientBalance",
      code: "SUPPLIER_UNAVAILABLE",
    });
    ding.state.bySku.set("CN_CM_TopUp", {
      kind: "refuse",
      code: "ProviderError",
      context: "ProviderUnknownError",
      status: 500,
    });
    await expect(connect().submit(request())).rejects.toThrow(SupplierUnclearError);
  });

  it("answers a DistributorRef Ding has seen with that transfer, bought once", async () => {
    const first = await connect().submit(request());
    const again = await connect().submit(request({ attempt: 3 }));
    expect(again).toEqual(first);
    expect(ding.sent()).toHaveLength(2);
    expect(ding.state.transfers.size).toBe(1);
    expect(ding.state.balance).toBe(489.75);
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
    expect(ding.state.transfers.size).toBe(0);
  });

  it("drops a slow answer at the caller's time-out, and lookup then finds what Ding did", async () => {
    ding.state.byAccount.set(ACCOUNT, { kind: "slow", ms: 10_000 });
    const started = Date.now();
    await expect(connect().submit(request({ signal: AbortSignal.timeout(200) }))).rejects.toThrow(
      "DingConnect SendTransfer: no answer (timed out)",
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await connect().lookup(request({ attempt: 2 }))).toEqual({
      state: "success",
      transactionId: "900000001",
      cost: "10.25",
      costCurrency: "USD",
    });
  });

  it("looks an attempt up by its DistributorRef: found, or notFound", async () => {
    await connect().submit(request());
    expect(await connect().lookup(request())).toMatchObject({ state: "success", transactionId: "900000001" });
    expect(await connect().lookup(request({ reference: "P202611210000000042-2" }))).toEqual({ state: "notFound" });
    const lists = ding.state.requests.filter((r) => r.path === "/api/V1/ListTransferRecords").map((r) => r.body);
    expect(lists).toEqual([
      { DistributorRef: "P202611210000000042", Skip: 0, Take: 10 },
      { DistributorRef: "P202611210000000042-2", Skip: 0, Take: 10 },
    ]);
  });

  it("throws rather than answer notFound when the list is not filtered by the DistributorRef", async () => {
    await connect().submit(request());
    ding.state.ignoreFilters = true;
    const other = request({ reference: "P202611210000000042-2" });
    await expect(connect().lookup(other)).rejects.toThrow("ignored the DistributorRef");
  });

  it("throws on a query for a transfer Ding does not list", async () => {
    await expect(connect().query({ ...request(), transactionId: "123" })).rejects.toThrow(SupplierUnclearError);
  });

  it.each([
    [{ productType: 3 }, "DingConnect: top-ups only, this adapter sends no gift cards"],
    [{ quantity: 2 }, "DingConnect: one top-up per transfer, not 2"],
  ])("refuses %o without calling Ding", async (extra, reason) => {
    expect(await connect().submit(request(extra))).toEqual({ state: "failed", reason });
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
    expect(ding.state.transfers.size).toBe(0);
  });
});
