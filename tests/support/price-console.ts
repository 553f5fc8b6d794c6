import { eq } from "drizzle-orm";
import { type AuditAction, type PriceChangePreview, type PriceList, type Product, priceCalls } from "#contracts";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { call, EN, expectOk } from "./api-helpers";
import { openShop, type Shop } from "./order-fixtures";
import { consoleUrl } from "./staff";
import type { TestApp } from "./test-app";

export type ConsoleCall = { method: "GET" | "POST" | "PUT" | "DELETE"; path: string };

let counter = 0;

/** The price console as a staff member (`token`) uses it, and what a merchant then sees and pays. */
export function priceConsole(t: TestApp, token: string) {
  const api = (c: ConsoleCall, params: object = {}, payload?: object, options: ApiOptions = {}) =>
    call(t, c.method, `${consoleUrl(c, params)}${options.query ?? ""}`, {
      token: options.token ?? token,
      lang: options.lang ?? EN,
      ...(payload && { payload }),
    });
  const ok = async <T>(c: ConsoleCall, params: object = {}, payload?: object, query = "") =>
    expectOk<T>(await api(c, params, payload, { query }), EN);
  const change = (list: PriceList, body: object) => ok<PriceChangePreview>(priceCalls.apply, { id: list.id }, body);

  return {
    api,
    ok,
    change,
    /** A new list, named uniquely. */
    newList: (currency = "USD") =>
      ok<PriceList>(priceCalls.createList, {}, { name: `List ${process.pid}-${counter++}`, currency }),
    set: (list: PriceList, skuIds: number[], value: string, effectiveAt?: Date) =>
      change(list, { skuIds, kind: "set", value, ...(effectiveAt && { effectiveAt: effectiveAt.toISOString() }) }),
    /** A shop whose merchant buys from `list` only: the fixture's own prices are taken away through the API. */
    async shopOn(list: PriceList): Promise<Shop> {
      const shop = await openShop(t);
      for (const sku of [shop.topup, shop.login, shop.gift])
        await ok(priceCalls.removeOverride, { id: shop.merchantId, skuId: sku.skuId });
      await ok(priceCalls.assign, { id: shop.merchantId }, { priceListId: list.id });
      return shop;
    },
    /** One top-up ordered through the portal by the shop's operator. */
    placeTopup: (shop: Shop) =>
      call(t, "POST", "/portal/merchant/api/order", {
        token: shop.token,
        lang: EN,
        payload: { productId: shop.topup.productId, skuId: shop.topup.skuId, inputs: { account: "13800138000" } },
      }),
    /** The top-up's SKU as the shop's merchant sees it in the catalog: its price and whether it may order it. */
    async portalPrice(shop: Shop) {
      const res = await call(t, "GET", `/portal/merchant/api/product/${shop.topup.productId}`, { token: shop.token });
      return expectOk<Product>(res).skus[0]!;
    },
    auditOf: (action: AuditAction) => t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, action)),
  };
}

interface ApiOptions {
  token?: string;
  lang?: string;
  /** Appended to the URL ("?keyword=…"). */
  query?: string;
}
