import { readFileSync } from "node:fs";
import Big from "big.js";
import { and, eq, inArray, isNull, notInArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { orderFieldDefinitions, productStatuses, productTypes } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { merchantPrices, merchants, productSkus, products } from "../../db/schema";
import { fail } from "../../lib/failure";
import { isMessageKey, translator } from "../../lib/i18n";

/**
 * The reseller's staff maintain the catalog with JSON files (docs/catalog-import.md) and set each merchant's
 * prices from the operator CLI. Messages here are plain English sentences: they are read in a terminal.
 */

/** A positive amount as a decimal string: NUMERIC(20,4) holds 16 digits before the point and 4 after. */
const money = (what: string) =>
  z
    .string(`${what} must be a decimal string such as "9.50"`)
    .trim()
    .refine((v) => {
      if (!/^\d+(\.\d+)?$/.test(v)) return false;
      const amount = new Big(v);
      return amount.gt(0) && amount.lt("1e16") && amount.round(4).eq(amount);
    }, `${what} must be a number above 0 with at most 4 decimal places, written as a string such as "9.50"`);

const code = (what: string) =>
  z
    .string(`${what} is required`)
    .trim()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/,
      `${what}: letters, digits, - _ . (at most 64), starting with a letter or digit`,
    );

const status = z.enum(productStatuses, 'status must be "enabled" or "disabled"').default("enabled");
const sort = z.number("sort must be a whole number").int("sort must be a whole number").default(0);

const importSku = z.strictObject({
  code: code("SKU code"),
  spec: z.string("spec is required").trim().min(1, "spec is required").max(100, "spec has at most 100 characters"),
  faceValue: money("faceValue"),
  currency: z
    .string("currency is required")
    .trim()
    .regex(/^[A-Z]{3}$/, "currency must be a three-letter ISO code such as CNY"),
  status,
  sort,
});

const text = (what: string, max: number) =>
  z.string(`${what} must be text`).trim().max(max, `${what} has at most ${max} characters`);

const importProduct = z.strictObject({
  code: code("product code"),
  type: z.literal(productTypes, "type must be 1 (Topup), 2 (Login Topup) or 3 (Gift Card)"),
  name: text("name", 200).min(1, "name is required"),
  nameZh: text("nameZh", 200).default(""),
  description: text("description", 2000).default(""),
  descriptionZh: text("descriptionZh", 2000).default(""),
  imageUrl: text("imageUrl", 500)
    .refine((v) => v === "" || v.startsWith("/") || /^https?:\/\//.test(v), "imageUrl must start with / or https://")
    .default(""),
  status,
  deadlineSeconds: z
    .number("deadlineSeconds must be a whole number of seconds")
    .int("deadlineSeconds must be a whole number of seconds")
    .min(30, "deadlineSeconds must be at least 30")
    .max(7 * 86_400, "deadlineSeconds must be at most 604800 (7 days)")
    .default(600),
  supplier: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{0,39}$/, "supplier must be a supplier name such as simulator")
    .default("simulator"),
  sort,
  fields: orderFieldDefinitions,
  skus: z
    .array(importSku, "skus must be a list")
    .min(1, "a product needs at least one SKU")
    .refine((skus) => unique(skus.map((s) => s.code)), "SKU codes must be unique within a product"),
});

const unique = (values: string[]) => new Set(values).size === values.length;

export const catalogFile = z.strictObject({
  products: z
    .array(importProduct, "products must be a list")
    .min(1, "the file has no products")
    .refine((list) => unique(list.map((p) => p.code)), "product codes must be unique in the file"),
});
export type CatalogFile = z.input<typeof catalogFile>;

/** The file's JSON, or a sentence saying why it cannot be read. */
export function readCatalogFile(path: string): unknown {
  let content: string;
  try {
    content = readFileSync(path, "utf8");
  } catch (error) {
    throw fail("catalogUnreadable", { path, reason: (error as Error).message });
  }
  try {
    return JSON.parse(content);
  } catch (error) {
    throw fail("catalogNotJson", { path, reason: (error as Error).message });
  }
}

/** The file's products, or a failure listing every problem with where it is (product and SKU codes). */
export function parseCatalogFile(file: unknown) {
  const result = catalogFile.safeParse(file);
  if (result.success) return result.data.products;
  // The order field definitions' messages are keys (the console's form shows them translated): said in English.
  const english = translator("en-US");
  const sentence = (message: string) => (isMessageKey(message) ? english(message) : message);
  const lines = result.error.issues.map((issue) => `- ${where(file, issue.path)}: ${sentence(issue.message)}`);
  throw fail("catalogInvalid", { problems: [...new Set(lines)].join("\n") });
}

/** `products.0.skus.2.faceValue` as a person reads it: `product 1 (CODE), SKU 3 (CODE), faceValue`. */
function where(file: unknown, path: PropertyKey[]): string {
  const names: Record<string, [string, string]> = {
    products: ["product", "code"],
    skus: ["SKU", "code"],
    fields: ["field", "key"],
    options: ["option", "value"],
  };
  const parts: string[] = [];
  let node: unknown = file;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const next = path[i + 1];
    const named = names[String(key)];
    const item = (node as Record<PropertyKey, unknown> | undefined)?.[key];
    if (named && typeof next === "number") {
      const element = (item as unknown[] | undefined)?.[next] as Record<string, unknown> | undefined;
      const id = element?.[named[1]];
      parts.push(`${named[0]} ${next + 1}${typeof id === "string" && id ? ` (${id})` : ""}`);
      node = element;
      i++;
    } else {
      parts.push(String(key));
      node = item;
    }
  }
  return parts.join(", ") || "the file";
}

export interface ImportReport {
  products: { created: number; updated: number };
  skus: { created: number; updated: number; disabled: number };
}

const excluded = (column: PgColumn): SQL => sql.raw(`excluded."${column.name}"`);

/**
 * Creates or updates the file's products (by code) and their SKUs (by product and code), all or nothing.
 * Nothing is deleted: products not in the file are left as they are, and a live SKU missing from its product's
 * list is disabled, because orders keep referring to it. The file says what exists: a product or SKU of the file
 * that is in the console's recycle bin comes out of it with the file's values; what the file does not name stays
 * in the bin untouched. Categories, brands and attributes are the console's and are left as they are.
 * `then` runs in the import's transaction with its report and the file's product codes (the console audits there).
 */
export async function importCatalog(
  deps: AppDeps,
  file: unknown,
  then?: (tx: Executor, report: ImportReport, codes: string[]) => Promise<void>,
): Promise<ImportReport> {
  const parsed = parseCatalogFile(file);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const codes = parsed.map((p) => p.code);
    const existing = await tx.select({ code: products.code }).from(products).where(inArray(products.code, codes));
    const saved = await tx
      .insert(products)
      .values(parsed.map(({ skus: _, ...p }) => ({ ...p, updatedAt: now })))
      .onConflictDoUpdate({
        target: products.code,
        set: {
          type: excluded(products.type),
          name: excluded(products.name),
          nameZh: excluded(products.nameZh),
          description: excluded(products.description),
          descriptionZh: excluded(products.descriptionZh),
          imageUrl: excluded(products.imageUrl),
          status: excluded(products.status),
          fields: excluded(products.fields),
          deadlineSeconds: excluded(products.deadlineSeconds),
          supplier: excluded(products.supplier),
          sort: excluded(products.sort),
          updatedAt: excluded(products.updatedAt),
          deletedAt: sql`null`,
        },
      })
      .returning({ id: products.id, code: products.code });
    const idOf = new Map(saved.map((p) => [p.code, p.id]));
    const ids = saved.map((p) => p.id);

    const skuKey = (productId: number, skuCode: string) => `${productId}/${skuCode}`;
    const known = await tx
      .select({ productId: productSkus.productId, code: productSkus.code })
      .from(productSkus)
      .where(inArray(productSkus.productId, ids));
    const knownKeys = new Set(known.map((s) => skuKey(s.productId, s.code)));
    const skuRows = parsed.flatMap((p) => p.skus.map((s) => ({ ...s, productId: idOf.get(p.code)! })));
    await tx
      .insert(productSkus)
      .values(skuRows)
      .onConflictDoUpdate({
        target: [productSkus.productId, productSkus.code],
        set: {
          spec: excluded(productSkus.spec),
          faceValue: excluded(productSkus.faceValue),
          currency: excluded(productSkus.currency),
          status: excluded(productSkus.status),
          sort: excluded(productSkus.sort),
          deletedAt: sql`null`,
        },
      });

    let disabled = 0;
    for (const p of parsed) {
      const gone = await tx
        .update(productSkus)
        .set({ status: "disabled" })
        .where(
          and(
            eq(productSkus.productId, idOf.get(p.code)!),
            eq(productSkus.status, "enabled"),
            isNull(productSkus.deletedAt),
            notInArray(
              productSkus.code,
              p.skus.map((s) => s.code),
            ),
          ),
        )
        .returning({ id: productSkus.id });
      disabled += gone.length;
    }
    const skusUpdated = skuRows.filter((s) => knownKeys.has(skuKey(s.productId, s.code))).length;
    const report = {
      products: { created: parsed.length - existing.length, updated: existing.length },
      skus: { created: skuRows.length - skusUpdated, updated: skusUpdated, disabled },
    };
    await then?.(tx, report, codes);
    return report;
  });
}

export const priceTarget = z.object({
  merchantNo: z.string("--merchant is required").trim().min(1, "--merchant is required"),
  productCode: z.string("--product is required").trim().min(1, "--product is required"),
  skuCode: z.string("--sku is required").trim().min(1, "--sku is required"),
});
export const newPrice = priceTarget.extend({ price: money("price") });

async function findTarget(deps: AppDeps, input: z.infer<typeof priceTarget>) {
  const [merchant] = await deps.db
    .select({ id: merchants.id, currency: merchants.currency })
    .from(merchants)
    .where(eq(merchants.merchantNo, input.merchantNo));
  if (!merchant) throw fail("merchantNotFound", { merchantNo: input.merchantNo });
  const [product] = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.code, input.productCode));
  if (!product) throw fail("productCodeNotFound", { productCode: input.productCode });
  const [sku] = await deps.db
    .select({ id: productSkus.id })
    .from(productSkus)
    .where(and(eq(productSkus.productId, product.id), eq(productSkus.code, input.skuCode)));
  if (!sku) throw fail("skuCodeNotFound", { productCode: input.productCode, skuCode: input.skuCode });
  return { merchantId: merchant.id, currency: merchant.currency, skuId: sku.id };
}

/** Sets (or changes) a merchant's order price of one SKU, in the merchant's balance currency. */
export async function setPrice(deps: AppDeps, input: z.input<typeof newPrice>) {
  const p = newPrice.parse(input);
  const target = await findTarget(deps, p);
  const now = deps.clock.now();
  await deps.db
    .insert(merchantPrices)
    .values({ merchantId: target.merchantId, skuId: target.skuId, price: p.price, updatedAt: now })
    .onConflictDoUpdate({
      target: [merchantPrices.merchantId, merchantPrices.skuId],
      set: { price: p.price, updatedAt: now },
    });
  return { ...p, currency: target.currency };
}

/** Takes a merchant's price of a SKU away (the SKU is then not orderable by it); false when there was none. */
export async function removePrice(deps: AppDeps, input: z.input<typeof priceTarget>): Promise<boolean> {
  const target = await findTarget(deps, priceTarget.parse(input));
  const removed = await deps.db
    .delete(merchantPrices)
    .where(and(eq(merchantPrices.merchantId, target.merchantId), eq(merchantPrices.skuId, target.skuId)))
    .returning({ skuId: merchantPrices.skuId });
  return removed.length > 0;
}
