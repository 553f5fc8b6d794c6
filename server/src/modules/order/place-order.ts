import Big from "big.js";
import { and, eq } from "drizzle-orm";
import {
  checkOrderInputs,
  type LocalizedText,
  type MessageRef,
  newMerchantOrderNo,
  type OrderSource,
  orderFieldDefinitions,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import { merchants, orders } from "../../db/schema";
import { type Failure, fail, invalid } from "../../lib/failure";
import { inBothLanguages, joinedInBothLanguages } from "../../lib/i18n";
import { localizeFields } from "../product/order-fields";
import { loadOrderTarget, type OrderTarget } from "../product/product.service";
import { riskRefusal } from "../risk/risk-refusal";
import { orderGroups } from "./order-groups";
import type { NewOrder } from "./order-insert";

/** Who places an order and how (the portal's users, or a merchant's server through the Open API). */
export interface OrderPlacer {
  merchantId: number;
  userId: number | null;
  source: OrderSource;
}

export interface OrderItem {
  merchantOrderNo?: string;
  quantity: number;
  inputs: Record<string, string | number>;
}

export type OrderRow = typeof orders.$inferSelect;

/** A product, SKU and price a merchant may order, with the product's input fields and their labels read. */
export type Target = OrderTarget & {
  sku: NonNullable<OrderTarget["sku"]>;
  price: string;
  fields: ReturnType<typeof localizeFields>;
  /** Labels in both languages, so a failure about an input names the field in its reader's language. */
  labels: Map<string, LocalizedText>;
};

/** An orderable target as a process keeps it (`deps.caches.targets`), and until when its price holds (ms). */
export interface CachedTarget {
  target: Target;
  until: number;
}

/**
 * A product, SKU and price a merchant may order, checked once, with its input fields read once (a batch
 * checks and reads them once for all its rows). One this process read lately is answered from its cache until
 * its price's next scheduled change; any edit of products, SKUs or prices empties the cache of every process.
 */
export async function orderableTarget(deps: AppDeps, merchantId: number, productId: number, skuId: number) {
  const key = `${merchantId}:${productId}:${skuId}`;
  const now = deps.clock.now();
  const cached = deps.caches.targets.get(key);
  if (cached && now.getTime() < cached.until) return cached.target;
  const stamp = deps.caches.targets.stamp();
  const target = await loadOrderTarget(deps.db, merchantId, productId, skuId, now);
  if (!target) throw fail("orderedProductNotFound");
  if (target.product.status !== "enabled") throw fail("productDisabled");
  if (!target.sku) throw fail("skuNotFound");
  if (target.sku.status !== "enabled" || target.price === null) throw fail("skuNotOrderable");
  const priced: Target = {
    ...(target as OrderTarget & { sku: NonNullable<OrderTarget["sku"]>; price: string }),
    fields: localizeFields(target.product.fields, "en-US"),
    labels: new Map(orderFieldDefinitions.parse(target.product.fields).map((f) => [f.key, f.label])),
  };
  deps.caches.targets.set(key, { target: priced, until: target.priceChangesAt ?? Number.POSITIVE_INFINITY }, stamp);
  return priced;
}

/** An input's error as people read it, "Mobile number: The format is not valid", the label in their language. */
function aboutInput(target: Target, key: string, message: MessageRef): MessageRef {
  const label = target.labels.get(key);
  // An input the product does not have has no label: its error already names it.
  if (!label) return message;
  // A nested message is always `{ key, params }`: a bare string parameter is shown as it is.
  const nested = typeof message === "string" ? { key: message, params: {} } : message;
  return { key: "validation.inputField", params: { field: label, message: nested } };
}

const requestFieldLabels: Record<string, string> = { productId: "product", skuId: "sku", quantity: "quantity" };

/** The names of what differs between two orders, as the merchant knows them (the labels), in both languages. */
function differenceNames(target: Target, differences: readonly string[]): LocalizedText {
  const names = differences.map((d) =>
    d.startsWith("inputs.")
      ? (target.labels.get(d.slice("inputs.".length)) ?? { "en-US": d, "zh-CN": d })
      : inBothLanguages(`orderForm.fields.${requestFieldLabels[d] ?? d}`),
  );
  return joinedInBothLanguages(names);
}

/**
 * Validates one item against the product's fields and builds the order row: price x quantity, secrets sealed,
 * the primary-key input as the recharge account. Field errors come back as keys (`inputs.<key>`).
 */
export function buildOrder(
  deps: AppDeps,
  placer: OrderPlacer,
  target: Target,
  item: OrderItem,
  batchId: number | null,
): { order: NewOrder } | { errors: Record<string, MessageRef> } {
  const { fields } = target;
  const { values, errors } = checkOrderInputs(fields, item.inputs);
  if (Object.keys(errors).length > 0) {
    return {
      errors: Object.fromEntries(
        Object.entries(errors).map(([key, message]) => [`inputs.${key}`, aboutInput(target, key, message)]),
      ),
    };
  }
  const secret = new Set(fields.filter((f) => f.kind === "secret").map((f) => f.key));
  const primaryKey = fields.find((f) => f.primaryKey)?.key ?? "";
  const at = deps.clock.now();
  return {
    order: {
      merchantId: placer.merchantId,
      merchantOrderNo: item.merchantOrderNo ?? newMerchantOrderNo(at),
      batchId,
      productId: target.product.id,
      skuId: target.sku.id,
      productName: target.product.name,
      productNameZh: target.product.nameZh,
      productType: target.product.type,
      spec: target.sku.spec,
      quantity: item.quantity,
      unitPrice: target.price,
      amount: new Big(target.price).times(item.quantity).toFixed(4),
      currency: target.merchantCurrency,
      rechargeAccount: values[primaryKey] ?? "",
      inputs: Object.fromEntries(
        Object.entries(values).map(([key, value]) => [
          key,
          secret.has(key) ? { sealed: deps.cipher.encrypt(value) } : value,
        ]),
      ),
      source: placer.source,
      createdBy: placer.userId,
      supplier: target.product.supplier,
      deadlineSeconds: target.product.deadlineSeconds,
      at,
    },
  };
}

/**
 * Places one order, idempotently: a merchant order number seen before answers the original order when the
 * content is the same (no second debit), and a 409 naming the differences when it is not. The happy path is
 * the one statement; the look-up of an earlier order runs only when that statement wrote nothing.
 */
export async function placeBuiltOrder(
  deps: AppDeps,
  target: Target,
  order: NewOrder,
): Promise<{ row: OrderRow; created: boolean }> {
  const outcome = await orderGroups(deps).place(order);
  if (outcome.kind === "placed") {
    deps.metrics.orderPlaced(order.source);
    return { row: placedRow(order, outcome.id, outcome.orderNo), created: true };
  }
  // The number was used before (perhaps by a request racing this one), or the debit failed: a repeat of an
  // earlier order answers that order even when the balance could not pay for it again.
  const earlier = await findByMerchantOrderNo(deps, order.merchantId, order.merchantOrderNo);
  if (earlier) return { row: sameOrConflict(deps, target, earlier, order), created: false };
  if (outcome.kind === "duplicate") throw new Error("duplicate merchant order number, but no order holds it");
  throw await whyNotDebited(deps, order);
}

/** The row just inserted, as the database now holds it (no need to read it back). */
function placedRow(o: NewOrder, id: number, orderNo: string): OrderRow {
  return {
    id,
    orderNo,
    merchantId: o.merchantId,
    merchantOrderNo: o.merchantOrderNo,
    batchId: o.batchId,
    productId: o.productId,
    skuId: o.skuId,
    productName: o.productName,
    productNameZh: o.productNameZh,
    productType: o.productType,
    spec: o.spec,
    quantity: o.quantity,
    unitPrice: o.unitPrice,
    amount: o.amount,
    currency: o.currency,
    rechargeAccount: o.rechargeAccount,
    inputs: o.inputs,
    status: "processing",
    source: o.source,
    createdBy: o.createdBy,
    createdAt: o.at,
    completedAt: null,
    failReason: null,
    failCode: null,
    supplier: o.supplier,
    supplierRef: null,
    attempts: 0,
    nextRunAt: o.at,
    deadlineAt: new Date(o.at.getTime() + o.deadlineSeconds * 1000),
    resultSealed: null,
    version: 1,
  };
}

async function findByMerchantOrderNo(deps: AppDeps, merchantId: number, merchantOrderNo: string) {
  const [row] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.merchantId, merchantId), eq(orders.merchantOrderNo, merchantOrderNo)));
  return row;
}

/** The original order when the repeated request asks for the same thing; otherwise 409 naming what differs. */
function sameOrConflict(deps: AppDeps, target: Target, existing: OrderRow, repeat: NewOrder): OrderRow {
  const differences: string[] = [];
  if (existing.productId !== repeat.productId) differences.push("productId");
  if (existing.skuId !== repeat.skuId) differences.push("skuId");
  if (existing.quantity !== repeat.quantity) differences.push("quantity");
  const before = plainInputs(deps, existing.inputs as NewOrder["inputs"]);
  const now = plainInputs(deps, repeat.inputs);
  for (const key of new Set([...Object.keys(before), ...Object.keys(now)]))
    if (before[key] !== now[key]) differences.push(`inputs.${key}`);
  if (differences.length === 0) return existing;
  throw fail("merchantOrderNoConflict", {
    merchantOrderNo: existing.merchantOrderNo,
    fields: differenceNames(target, differences),
  });
}

function plainInputs(deps: AppDeps, inputs: NewOrder["inputs"]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(inputs).map(([key, v]) => [key, typeof v === "string" ? v : deps.cipher.decrypt(v.sealed)]),
  );
}

/**
 * Nothing was written: say whether the merchant is disabled, a risk rule refuses (recorded as a risk event), or
 * the balance is short, with the figures.
 */
async function whyNotDebited(deps: AppDeps, order: NewOrder): Promise<Failure> {
  const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, order.merchantId));
  if (!merchant) return fail("notFound");
  if (merchant.status !== "enabled") return fail("merchantDisabled");
  const refused = await riskRefusal(deps, order, merchant);
  if (refused) return refused;
  return fail("insufficientBalance", {
    amount: new Big(order.amount).toFixed(2),
    balance: new Big(merchant.balance).toFixed(2),
    currency: order.currency,
  });
}

/** One order from a portal or Open API request. */
export async function placeOrder(
  deps: AppDeps,
  placer: OrderPlacer,
  request: { productId: number; skuId: number } & OrderItem,
): Promise<{ row: OrderRow; created: boolean }> {
  const target = await orderableTarget(deps, placer.merchantId, request.productId, request.skuId);
  const built = buildOrder(deps, placer, target, request, null);
  if ("errors" in built) throw invalid(built.errors);
  return placeBuiltOrder(deps, target, built.order);
}
