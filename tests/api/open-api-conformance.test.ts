import { appendFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders as ordersTable } from "../../server/src/db/schema";
import { completeOrder, failOrder } from "../../server/src/modules/order/order-outcome";
import { FUZZ_RUNS, fuzzSeed } from "../support/conformance/fuzz-settings";
import type { ProductInputs } from "../support/conformance/product-inputs";
import { runConformance } from "../support/conformance/run-conformance";
import type { RequestHints } from "../support/conformance/schema-arbitrary";
import { type OpenApiClient, openApiCall, openApiClient } from "../support/open-api";
import { openShop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * The Open API against its own OpenAPI document, read from the running server: what schemathesis checks, in
 * the suite. For every operation, requests generated from its schemas must be answered 2xx or refused with an
 * error the document names for it (never "malformed"); each constraint broken in turn must be refused naming the
 * field; every answer must match the document's schema and carry a valid platform signature; every method the
 * document does not give a path must get 405 with `Allow`. Failures are collected, grouped and reported together.
 *
 * Replay a run with `FUZZ_SEED=<seed>`; `FUZZ_REPORT=<file>` appends the report (markdown) to a file.
 */
describe.each(engines)("the Open API conforms to its served document (%s)", (engine) => {
  let t: TestApp;
  let client: OpenApiClient;
  const hints: RequestHints = { parameters: {}, body: {} };
  const cursors: string[] = [];
  const products: ProductInputs[] = [];

  beforeAll(async () => {
    // Every generated call is signed and counts towards the per-AppID limit; a 429 would hide what is tested.
    t = await startTestApp(engine, { config: { OPENAPI_RATE_LIMIT_PER_MINUTE: "1000000" } });
    // Enough for every generated order that gets placed (at most 100 × 25.00 each).
    const shop = await openShop(t, { balance: "100000" });
    client = await openApiClient(t, shop.merchantId);
    const inputs = { account: "13800138000" };
    const orders = [];
    for (const merchantOrderNo of ["FUZZ-FIXTURE-1", "FUZZ-FIXTURE-2"]) {
      const res = await openApiCall(t, client, {
        method: "POST",
        url: "/openapi/v1/orders",
        body: { productId: shop.topup.productId, skuId: shop.topup.skuId, merchantOrderNo, inputs },
      });
      expect(res.statusCode, res.body).toBe(200);
      orders.push(res.json().data);
    }
    // One order succeeds and one fails, as fulfilment would finish them: the answers then carry final states, and
    // the event feed has their events to list.
    const idOf = async (orderNo: string) =>
      (await t.deps.db.select({ id: ordersTable.id }).from(ordersTable).where(eq(ordersTable.orderNo, orderNo)))[0]!.id;
    t.clock.advance(1_000);
    await completeOrder(t.deps.db, await idOf(orders[0].orderNo), t.clock.now(), null);
    await failOrder(
      t.deps.db,
      await idOf(orders[1].orderNo),
      t.clock.now(),
      "orderFailure.rejected",
      "ACCOUNT_INVALID",
    );
    const list = await openApiCall(t, client, { method: "GET", url: "/openapi/v1/products?pageSize=100" });
    for (const p of list.json().data.list as { id: number; skus: { id: number }[]; fields: ProductInputs["fields"] }[])
      products.push({ productId: p.id, skuIds: p.skus.map((s) => s.id), fields: p.fields });
    const page = await openApiCall(t, client, { method: "GET", url: "/openapi/v1/orders?limit=1" });
    const { nextCursor } = page.json().data;
    if (typeof nextCursor === "string") cursors.push(nextCursor);
    // Known-good values, mixed into the generated ones so that requests get past "not found": the orders to look
    // up, the products to order (with new order numbers, mostly: a known one with other content is a conflict).
    const ids = { productId: [shop.topup.productId, shop.gift.productId], skuId: [shop.topup.skuId, shop.gift.skuId] };
    hints.parameters = { merchantOrderNo: orders.map((o) => o.merchantOrderNo), orderNo: orders.map((o) => o.orderNo) };
    hints.body = { ...ids, inputs: [inputs] };
  }, 120_000);
  afterAll(() => t?.close());

  it("answers every generated request as the document says, signed", async () => {
    const started = Date.now();
    const served = await t.app.inject({ method: "GET", url: "/openapi/v1/openapi.json" });
    expect(served.statusCode).toBe(200);
    const seed = fuzzSeed();
    const { report, seeds } = await runConformance({
      t,
      client,
      hints,
      cursors,
      products,
      served: served.json(),
      seed,
      runs: FUZZ_RUNS,
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const title = `Open API conformance on ${engine}: seed ${seed}, ${seconds} s`;
    const text = report.toMarkdown(title);
    console.warn(
      `[conformance ${engine}] FUZZ_SEED=${seed}: ${report.cases} cases, ${report.calls} calls in ${seconds} s; ` +
        `property seeds: ${seeds.map((s) => `${s.name}=${s.seed}`).join(", ")}`,
    );
    if (process.env.FUZZ_REPORT) appendFileSync(process.env.FUZZ_REPORT, `${text}\n\n`);
    expect(report.failed, `\n${text}\n(replay: FUZZ_SEED=${seed})\n`).toBe(false);
  }, 300_000); // Two engines on a 2-core machine: a few minutes each at most (FUZZ_RUNS sizes it).
});
