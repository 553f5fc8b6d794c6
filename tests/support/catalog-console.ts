import { asc, gt, sql } from "drizzle-orm";
import {
  type BinEntry,
  type CallDeclaration,
  type ConsoleProductDetail,
  catalogCalls,
  type Page,
  type Product,
  type ProductBody,
} from "#contracts";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { call, EN, expectOk } from "./api-helpers";
import { type Shop, topupFields } from "./order-fixtures";
import { consoleUrl, staffCode, staffLogin, staffMember } from "./staff";
import type { TestApp } from "./test-app";

/** The console's catalog as its pages call it, for the catalog's API tests. */

/** A product body as the console's form posts it; overrides replace whole keys. */
export const productBody = (code: string, overrides: Partial<ProductBody> = {}): ProductBody => ({
  code,
  type: 1,
  name: `Product ${code}`,
  fields: topupFields as ProductBody["fields"],
  skus: [
    { code: "A", spec: "10 CNY", faceValue: "10", currency: "CNY" },
    { code: "B", spec: "20 CNY", faceValue: "20", currency: "CNY" },
  ],
  ...overrides,
});

/** The form's body of a product read back from the console (what an edit that changes nothing posts). */
export const bodyOf = (
  { skuList, id: _, ...p }: ConsoleProductDetail,
  overrides: Partial<ProductBody> = {},
): ProductBody => ({
  ...{ code: p.code, type: p.type, name: p.name, nameZh: p.nameZh, description: p.description },
  ...{ descriptionZh: p.descriptionZh, imageUrl: p.imageUrl, status: p.status, deadlineSeconds: p.deadlineSeconds },
  ...{ supplier: p.supplier, sort: p.sort, categoryId: p.categoryId, brandId: p.brandId, attributes: p.attributes },
  fields: p.fields,
  skus: skuList.map(({ id: __, ...s }) => s),
  ...overrides,
});

const stringValues = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));

export interface SendOptions {
  params?: object;
  query?: Record<string, string | number>;
  payload?: unknown;
  /** Sends the super administrator's current MFA code. */
  stepUp?: boolean;
  /** Another staff member's "Bearer …" (the super administrator's by default). */
  as?: string;
  lang?: string;
}

/** A super administrator signed in to the console, and the calls the catalog's tests make. */
export async function catalogConsole(t: TestApp) {
  const admin = await staffMember(t, ["superAdmin"]);
  const token = await staffLogin(t, admin);
  const send = async (c: CallDeclaration, o: SendOptions = {}) =>
    call(t, c.method, consoleUrl(c, o.params) + (o.query ? `?${new URLSearchParams(stringValues(o.query))}` : ""), {
      token: o.as ?? token,
      lang: o.lang ?? EN,
      ...(o.payload !== undefined && { payload: o.payload as object }),
      ...(o.stepUp && { headers: { "x-mfa-code": await staffCode(t, admin) } }),
    });
  const ok = async <T>(c: CallDeclaration, o: SendOptions = {}) => expectOk<T>(await send(c, o), EN);
  return {
    admin,
    send,
    ok,
    /** The status and `data.errors` of an answer. */
    fieldErrors: async (c: CallDeclaration, o: SendOptions) => {
      const res = await send(c, o);
      return [res.statusCode, res.json().data?.errors];
    },
    bin: () => ok<Page<BinEntry>>(catalogCalls.bin),
    lastAuditId: async () =>
      (await t.deps.db.select({ id: sql<number>`coalesce(max(${auditEvents.id}), 0)::int` }).from(auditEvents))[0]!.id,
    auditSince: (id: number) =>
      t.deps.db.select().from(auditEvents).where(gt(auditEvents.id, id)).orderBy(asc(auditEvents.id)),
    /** The catalog as the shop's merchant sees it. */
    merchantSees: async (shop: Shop) =>
      expectOk<{ list: Product[] }>(
        await call(t, "GET", "/portal/merchant/api/product/list?pageSize=100", { token: shop.token, lang: EN }),
        EN,
      ).list,
    /** The shop's merchant orders a top-up of the SKU. */
    order: (shop: Shop, productId: number, skuId: number) =>
      call(t, "POST", "/portal/merchant/api/order", {
        token: shop.token,
        lang: EN,
        payload: { productId, skuId, inputs: { account: "13800138000" } },
      }),
  };
}
export type CatalogConsole = Awaited<ReturnType<typeof catalogConsole>>;
