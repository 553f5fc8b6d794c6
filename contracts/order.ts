import { z } from "zod";
import { defineCall } from "./calls";
import { isoDateTime } from "./dates";
import { pageOf, pageQuery, sortQuery } from "./envelope";
import { type LocalizedText, type OrderField, orderFieldDefinition } from "./product";
import { defineResource } from "./resource";

export const orderStatuses = ["processing", "success", "failed"] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderSources = ["manual", "api"] as const;

/**
 * Why a failed order failed, for programs (the Open API's `failCode`, beside the translated `failReason`); every
 * failed order is refunded. docs/open-api.md lists each with what to do.
 */
export const orderFailCodes = [
  /** The supplier says the recharge account does not exist or cannot take this top-up: check it with the customer. */
  "ACCOUNT_INVALID",
  /** The supplier cannot deliver this product or amount now: another SKU or later. */
  "PRODUCT_UNAVAILABLE",
  /** Every supplier refused it for another reason: a new order may succeed. */
  "SUPPLIER_REFUSED",
  /** No supplier could take it (none configured or reachable): later. */
  "SUPPLIER_UNAVAILABLE",
  /** No final answer by the product's deadline. */
  "DEADLINE_PASSED",
  /** The reseller's staff failed it (a stuck order): the reason says why. */
  "FAILED_BY_RESELLER",
] as const;
export type OrderFailCode = (typeof orderFailCodes)[number];
export type OrderSource = (typeof orderSources)[number];

/** Per order; a merchant wanting more of one SKU at once places a batch. */
export const MAX_ORDER_QUANTITY = 100;
/** Rows in one batch order. */
export const MAX_BATCH_ITEMS = 1000;

/**
 * A message key from `locales/` with its parameters, translated where it is shown. A parameter may itself be a
 * text in both languages (a product field's label) or a message: both are put in the reader's language when the
 * message is rendered (`translateMessage`), so the locale files keep the same plain `{{placeholders}}`.
 */
export type MessageRef = string | { key: string; params: Record<string, MessageParam> };
export type MessageParam = string | number | LocalizedText | { key: string; params: Record<string, MessageParam> };

/** What an order number is, ours or the merchant's: 1 to 64 letters, digits, `-` and `_`. */
export const ORDER_NUMBER = /^[A-Za-z0-9_-]{1,64}$/;

/** The merchant's own reference, unique per merchant forever (letters, digits, `-` and `_`). */
export const merchantOrderNo = z
  .string("validation.invalidType")
  .trim()
  .regex(ORDER_NUMBER, "validation.merchantOrderNo");

/** Crockford's base 32: 32 symbols divide 256, so a random byte maps without bias, and no I/L/O/U to misread. */
const SYMBOLS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const RANDOM_LENGTH = 8;
const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const cryptoBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));

/**
 * A merchant order number for a caller who gave none, the same shape whether the browser's forms or the server
 * make it: `yyyyMMddHHmmss` (local time) + 8 random letters/digits, sortable by time, 40 random bits.
 */
export function newMerchantOrderNo(now = new Date(), randomBytes: (n: number) => Uint8Array = cryptoBytes): string {
  const stamp =
    `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}` +
    `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  const random = [...randomBytes(RANDOM_LENGTH)].map((b) => SYMBOLS[b % SYMBOLS.length]).join("");
  return stamp + random;
}

const id = z.number("validation.invalidType").int("validation.integer").positive("validation.integer");
const quantity = z
  .number("validation.invalidType")
  .int("validation.integer")
  .min(1, "validation.quantity")
  .max(MAX_ORDER_QUANTITY, "validation.quantity");
/** No product field takes a longer value (`orderFieldDefinition`'s `maxLength` stops at 1000), nor more inputs. */
export const MAX_INPUT_LENGTH = 1000;
export const MAX_ORDER_INPUTS = 50;

/** Characters as the product's fields count them (and JSON Schema's `maxLength`): code points, not UTF-16 units. */
const inputText = z
  .string()
  .refine((value) => [...value].length <= MAX_INPUT_LENGTH, {
    message: "validation.maxLength",
    params: { max: MAX_INPUT_LENGTH },
  })
  .meta({ maxLength: MAX_INPUT_LENGTH });

/**
 * Values by field key; checked against the product's fields by `checkOrderInputs`. What holds for every product
 * is checked here too (and so documented): keys shaped as field keys, text or number values, their sizes.
 */
const inputs = z
  .record(
    orderFieldDefinition.shape.key,
    z.union([inputText, z.number()], "validation.invalidType"),
    "validation.invalidType",
  )
  .refine((values) => Object.keys(values).length <= MAX_ORDER_INPUTS, {
    message: "validation.tooManyInputs",
    params: { max: MAX_ORDER_INPUTS },
  })
  .meta({
    maxProperties: MAX_ORDER_INPUTS,
    description:
      "The product's input values by field key: its `fields` (in the products list) say which keys it takes and " +
      "each one's rules (`required`, `kind`, `pattern`, `minLength`, `maxLength`, `options`); a key it does not have is refused.",
  });

export const placeOrderRequest = z.object({
  productId: id,
  skuId: id,
  quantity: quantity.default(1),
  /** Generated by the server when left out. */
  merchantOrderNo: merchantOrderNo.optional(),
  inputs: inputs.default({}),
});
export type PlaceOrderRequest = z.input<typeof placeOrderRequest>;

/**
 * The Open API's order: the merchant's own number is required (it is what makes a retry safe), and a field the
 * contract does not know is refused by name rather than ignored (a typo must not order twice or order 1).
 */
export const openApiOrderRequest = placeOrderRequest
  .extend({
    // As sent, not trimmed: what the document's pattern says is exactly what is taken.
    merchantOrderNo: z.string("validation.invalidType").regex(ORDER_NUMBER, "validation.merchantOrderNo"),
  })
  .strict();
export type OpenApiOrderRequest = z.input<typeof openApiOrderRequest>;

export const batchOrderItem = z.object({
  merchantOrderNo: merchantOrderNo.optional(),
  quantity: quantity.default(1),
  inputs: inputs.default({}),
});

export const batchOrderRequest = z.object({
  productId: id,
  skuId: id,
  items: z
    .array(batchOrderItem, "validation.invalidType")
    .min(1, "validation.batchEmpty")
    .max(MAX_BATCH_ITEMS, "validation.batchTooLarge"),
});
export type BatchOrderRequest = z.input<typeof batchOrderRequest>;

export const batchOrderResult = z.object({
  /** The new batch; null when the submission placed no new order (no batch is kept then). */
  batchId: z.string().nullable(),
  /** Orders placed now. */
  successCount: z.number(),
  /** Rows refused: invalid, or not placed (a conflicting merchant order number, the balance ran out). */
  failCount: z.number(),
  /** Rows whose merchant order number was already an order with the same content: nothing new placed or paid. */
  existingCount: z.number(),
  results: z.array(
    z.object({
      index: z.number(),
      ok: z.boolean(),
      orderNo: z.string().optional(),
      merchantOrderNo: z.string().optional(),
      /** The order existed before this submission (`orderNo`, under its own batch `existingBatchId` if any). */
      existing: z.boolean().optional(),
      existingBatchId: z.string().nullable().optional(),
      message: z.string().optional(),
      /** Field errors of this row, by input key (`inputs.<key>`), translated. */
      errors: z.record(z.string(), z.string()).optional(),
    }),
  ),
});
export type BatchOrderResult = z.infer<typeof batchOrderResult>;

export const order = z.object({
  orderNo: z.string(),
  merchantOrderNo: z.string(),
  batchId: z.string().nullable(),
  productId: z.number(),
  productName: z.string(),
  productType: z.number(),
  skuId: z.number(),
  spec: z.string(),
  quantity: z.number(),
  unitPrice: z.string(),
  amount: z.string(),
  currency: z.string(),
  rechargeAccount: z.string(),
  status: z.enum(orderStatuses),
  source: z.enum(orderSources),
  createTime: z.string(),
  completeTime: z.string().nullable(),
  /** Seconds from placing to the final state; null while Processing. */
  duration: z.number().nullable(),
  failReason: z.string().nullable(),
  /** Failed orders only: why, as a stable code (`orderFailCodes`). */
  failCode: z.enum(orderFailCodes).nullable(),
  /** Who placed it: the staff member's account for a portal order, the merchant's AppID for an Open API order. */
  placedBy: z.string().nullable(),
});
export type Order = z.infer<typeof order>;

/** "Who placed it" as the list, the detail and the export say it: the account, or the Open API and its AppID. */
export function placedByLabel(
  o: Pick<Order, "placedBy" | "source">,
  t: (key: string, params: Record<string, string>) => string,
): string {
  if (o.source === "api") return t("order.placedByApi", { appId: o.placedBy ?? "-" });
  return o.placedBy ?? "-";
}

export const orderInputValue = z.object({
  key: z.string(),
  label: z.string(),
  /** Secrets answer "******": they are never shown again after submission. */
  value: z.string(),
  secret: z.boolean(),
});

export const orderTimelineEntry = z.object({
  kind: z.string(),
  time: z.string(),
  detail: z.string(),
  /** The balance entry this step posted (creation's deduction, the refund), shown labelled and linked; else null. */
  fundNo: z.string().nullable(),
});

export const giftCard = z.object({ serial: z.string(), pin: z.string(), expiresAt: z.string().nullable() });
export type GiftCard = z.infer<typeof giftCard>;

export const orderDetail = order.extend({
  inputs: z.array(orderInputValue),
  timeline: z.array(orderTimelineEntry),
  /** Gift cards of a successful gift-card order, masked; `reveal` answers them in full (and is audited). */
  cards: z.array(giftCard).nullable(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

const dateTime = isoDateTime();

export const orderListQuery = z.object({
  orderNo: z.string().trim().max(64, "validation.tooLong").optional(),
  merchantOrderNo: z.string().trim().max(64, "validation.tooLong").optional(),
  productName: z.string().trim().max(100, "validation.tooLong").optional(),
  batchId: z.string().trim().max(64, "validation.tooLong").optional(),
  /** The recharge account (the product's primary-key input), matched exactly: an index serves it. */
  rechargeAccount: z.string().trim().max(128, "validation.tooLong").optional(),
  status: z.enum(orderStatuses, "validation.invalidType").optional(),
  source: z.enum(orderSources, "validation.invalidType").optional(),
  startTime: dateTime.optional(),
  endTime: dateTime.optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** The order list's sortable columns (newest first when none is given). */
export const orderSortFields = ["createTime", "amount"] as const;

/**
 * Checks order inputs against a product's fields, the same way in the browser (form rules, batch rows) and on
 * the server (every order). Answers the cleaned values (trimmed, numbers as text) and errors by field key.
 */
export function checkOrderInputs(
  fields: readonly OrderField[],
  given: Readonly<Record<string, unknown>>,
): { values: Record<string, string>; errors: Record<string, MessageRef> } {
  const values: Record<string, string> = {};
  const errors: Record<string, MessageRef> = {};
  const known = new Set(fields.map((f) => f.key));
  for (const key of Object.keys(given))
    if (!known.has(key)) errors[key] = { key: "validation.unknownField", params: { field: key } };
  for (const field of fields) {
    const error = checkField(field, given[field.key]);
    if (typeof error === "object" && "value" in error) {
      if (error.value !== "") values[field.key] = error.value;
    } else errors[field.key] = error;
  }
  return { values, errors };
}

function checkField(field: OrderField, raw: unknown): { value: string } | MessageRef {
  if (raw !== undefined && raw !== null && typeof raw !== "string" && typeof raw !== "number")
    return "validation.invalidType";
  const text = raw === undefined || raw === null ? "" : String(raw);
  // Secrets are taken as typed (a password may start with a space); everything else is trimmed.
  const value = field.kind === "secret" ? text : text.trim();
  if (value === "") return field.required ? "validation.required" : { value: "" };
  if (field.kind === "number" && !/^-?\d+(\.\d+)?$/.test(value)) return "validation.number";
  if (field.kind === "select" && !(field.options ?? []).some((o) => o.value === value)) return "validation.option";
  const length = [...value].length;
  if (length > field.maxLength || (field.minLength !== null && length < field.minLength))
    return {
      key: field.minLength === null ? "validation.maxLength" : "validation.lengthBetween",
      params: { min: field.minLength ?? 0, max: field.maxLength },
    };
  if (field.pattern !== null && !new RegExp(`^(?:${field.pattern})$`, "u").test(value)) return "validation.pattern";
  return { value };
}

/** One past batch: what was sent, what was refused then, and what its orders have become since. */
export const batchSummary = z.object({
  batchId: z.string(),
  productId: z.number(),
  productName: z.string(),
  skuId: z.number(),
  spec: z.string(),
  createTime: z.string(),
  /** The staff account that submitted it (null when that account was deleted). */
  placedBy: z.string().nullable(),
  /** Rows submitted, orders placed, rows refused at submission, rows that were existing orders. */
  rows: z.number(),
  placed: z.number(),
  refused: z.number(),
  existing: z.number(),
  /** The placed orders by their current status. */
  processing: z.number(),
  success: z.number(),
  failed: z.number(),
  /** What the batch costs now: its orders' amounts less those of failed (refunded) orders. */
  amount: z.string(),
  currency: z.string(),
});
export type BatchSummary = z.infer<typeof batchSummary>;

export const batchResultRow = z.object({
  /** The row's position in the submission, from 0. */
  index: z.number(),
  merchantOrderNo: z.string().nullable(),
  /** The row's order (placed now, or the existing one); null when the row was refused. */
  orderNo: z.string().nullable(),
  existing: z.boolean(),
  /** The order's current status. */
  status: z.enum(orderStatuses).nullable(),
  /** Why the row was refused, with its field errors, translated. */
  message: z.string().nullable(),
  errors: z.record(z.string(), z.string()).nullable(),
});
export type BatchResultRow = z.infer<typeof batchResultRow>;

export const batchDetail = batchSummary.extend({ results: z.array(batchResultRow) });
export type BatchDetail = z.infer<typeof batchDetail>;

export const batchListQuery = z.object({
  batchId: z.string().trim().max(64, "validation.tooLong").optional(),
  startTime: isoDateTime().optional(),
  endTime: isoDateTime().optional(),
});
export type BatchListQuery = z.infer<typeof batchListQuery>;

const byBatchNo = z.object({ batchNo: z.string().trim().min(1).max(64, "validation.tooLong") });

export const byOrderNo = z.object({ orderNo: z.string().trim().min(1).max(64, "validation.tooLong") });

export const orderCalls = {
  /** A repeated merchant order number answers the original order (header `idempotent-replayed: true`). */
  create: defineCall({
    method: "POST",
    path: "/merchant/api/order",
    access: { resource: "order", action: "create" },
    tag: "order",
    body: placeOrderRequest,
    answer: order,
  }),
  batch: defineCall({
    method: "POST",
    path: "/merchant/api/order/batch",
    access: { resource: "order", action: "create" },
    tag: "order",
    body: batchOrderRequest,
    answer: batchOrderResult,
    bodyLimit: 8 * 1024 * 1024,
  }),
  batchList: defineCall({
    method: "GET",
    path: "/merchant/api/order/batch/list",
    access: { resource: "order", action: "list" },
    tag: "order",
    query: pageQuery.extend(batchListQuery.shape),
    answer: pageOf(batchSummary),
  }),
  batchOne: defineCall({
    method: "GET",
    path: "/merchant/api/order/batch/:batchNo",
    access: { resource: "order", action: "show" },
    tag: "order",
    params: byBatchNo,
    answer: batchDetail,
  }),
  list: defineCall({
    method: "GET",
    path: "/merchant/api/order/list",
    access: { resource: "order", action: "list" },
    tag: "order",
    query: pageQuery.extend(orderListQuery.shape).extend(sortQuery(orderSortFields).shape),
    answer: pageOf(order),
  }),
  one: defineCall({
    method: "GET",
    path: "/merchant/api/order/:orderNo",
    access: { resource: "order", action: "show" },
    tag: "order",
    params: byOrderNo,
    answer: orderDetail,
  }),
  revealCards: defineCall({
    method: "POST",
    path: "/merchant/api/order/:orderNo/cards/reveal",
    access: { resource: "order", action: "show" },
    tag: "order",
    params: byOrderNo,
    answer: z.object({ cards: z.array(giftCard) }),
  }),
};

export const orderResource = defineResource({
  name: "order",
  parent: "merchant",
  path: "/merchant/order",
  sort: 10,
  icon: "order",
  access: { operator: ["list", "show", "create", "export"] },
  calls: orderCalls,
});
