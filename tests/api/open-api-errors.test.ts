import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenApiErrorCode, openApiErrorDocs, openApiErrorStatus } from "#contracts";
import { productSkus, products } from "../../server/src/db/schema";
import { call, closeTestApp } from "../support/api-helpers";
import { answerIsSigned, type OpenApiClient, openApiCall, openApiClient, type SignedCall } from "../support/open-api";
import { balanceOf, openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * One HTTP status per error code, and every refusal linking to its code's entry in the reference (issue 17 §3):
 * the codes split out of codes that had two statuses, answered by the real server, signed, and their
 * `data.errorDocs` followed to the served page.
 */
describe.each(engines)("Open API error codes and their docs on %s", (engine) => {
  let t: TestApp;
  let shop: Shop;
  let client: OpenApiClient;
  let reference: string;
  let n = 0;
  const order = (extra: Record<string, unknown> = {}) => ({
    productId: shop.topup.productId,
    skuId: shop.topup.skuId,
    inputs: { account: "13800138000" },
    merchantOrderNo: `ERR-${engine}-${n++}`,
    ...extra,
  });
  const ORDERS = { method: "POST" as const, url: "/openapi/v1/orders" };

  beforeAll(async () => {
    t = await startTestApp(engine);
    shop = await openShop(t, { balance: "1000" });
    client = await openApiClient(t, shop.merchantId);
  });
  afterAll(() => closeTestApp(t));

  /** The refusal of a signed call: its code, the code's one status, signed, and a link that lands on its entry. */
  async function expectRefusal(signed: SignedCall, code: OpenApiErrorCode, caller = client) {
    const res = await openApiCall(t, caller, signed);
    const body = res.json();
    expect([res.statusCode, body.code, body.data.errorCode], code).toEqual([
      openApiErrorStatus[code],
      openApiErrorStatus[code],
      code,
    ]);
    expect(body.data.errorDocs).toBe(`/portal/reference/open-api#error-${code}`);
    expect(body.data.errorDocs).toBe(openApiErrorDocs(code));
    expect(answerIsSigned(caller, signed, res), code).toBe(true);
    // The link is a path on this server: the page it names is there, with the row's anchor.
    const [pagePath, fragment] = body.data.errorDocs.split("#");
    if (!reference) {
      const page = await call(t, "GET", pagePath);
      expect(page.statusCode).toBe(200);
      reference = page.body;
    }
    expect(reference).toContain(`id="${fragment}"`);
    return res;
  }

  it("says 413 PAYLOAD_TOO_LARGE and 415 UNSUPPORTED_MEDIA_TYPE, no longer INVALID_REQUEST", async () => {
    await expectRefusal({ ...ORDERS, rawBody: JSON.stringify({ pad: "x".repeat(1024 * 1024) }) }, "PAYLOAD_TOO_LARGE");
    await expectRefusal({ ...ORDERS, rawBody: "<order/>", contentType: "application/xml" }, "UNSUPPORTED_MEDIA_TYPE");
    const invalid = await expectRefusal({ ...ORDERS, rawBody: "{not json" }, "INVALID_REQUEST");
    expect(invalid.json().message).toBe("The request body is not valid JSON");
  });

  it("says 404 PRODUCT_NOT_FOUND for a product or SKU that does not exist, and orders nothing", async () => {
    const before = await balanceOf(t, shop.merchantId);
    const noProduct = await expectRefusal({ ...ORDERS, body: order({ productId: 999_999_999 }) }, "PRODUCT_NOT_FOUND");
    expect(noProduct.json().data.errors).toHaveProperty("productId");
    const noSku = await expectRefusal({ ...ORDERS, body: order({ skuId: 999_999_999 }) }, "PRODUCT_NOT_FOUND");
    expect(noSku.json().data.errors).toHaveProperty("skuId");
    expect(await balanceOf(t, shop.merchantId)).toBe(before);
  });

  it("says 409 PRODUCT_UNAVAILABLE for a product or SKU off sale, and orders nothing", async () => {
    // A shop of its own: its products go off sale.
    const other = await openShop(t);
    const caller = await openApiClient(t, other.merchantId);
    const body = () => order({ productId: other.topup.productId, skuId: other.topup.skuId });
    await t.deps.db.update(productSkus).set({ status: "disabled" }).where(eq(productSkus.id, other.topup.skuId));
    const skuOff = await expectRefusal({ ...ORDERS, body: body() }, "PRODUCT_UNAVAILABLE", caller);
    expect(skuOff.json().data.errors).toHaveProperty("skuId");
    await t.deps.db.update(products).set({ status: "disabled" }).where(eq(products.id, other.topup.productId));
    const productOff = await expectRefusal({ ...ORDERS, body: body() }, "PRODUCT_UNAVAILABLE", caller);
    expect(productOff.json().data.errors).toHaveProperty("productId");
    expect(await balanceOf(t, other.merchantId)).toBe("100.0000");
  });

  it("links the refusals made outside the routes too: an unknown path, an address no route could read", async () => {
    await expectRefusal({ method: "GET", url: "/openapi/v1/no-such-call" }, "NOT_FOUND");
    const badAddress = await openApiCall(t, client, { method: "GET", url: "/openapi/v1/orders/%E0%A4%A" });
    expect([badAddress.statusCode, badAddress.json().data]).toEqual([
      400,
      { errorCode: "INVALID_REQUEST", errorDocs: openApiErrorDocs("INVALID_REQUEST") },
    ]);
  });
});
