/** What the Open API answers (docs/open-api.md; the OpenAPI document at /openapi/v1/openapi.json). */

export type OrderStatus = "processing" | "success" | "failed";

export interface Order {
  orderNo: string;
  merchantOrderNo: string;
  batchId: string | null;
  productId: number;
  productName: string;
  productType: 1 | 2 | 3;
  skuId: number;
  spec: string;
  quantity: number;
  unitPrice: string;
  amount: string;
  currency: string;
  rechargeAccount: string;
  status: OrderStatus;
  source: "manual" | "api";
  createTime: string;
  completeTime: string | null;
  duration: number | null;
  failReason: string | null;
  /** Why a failed order failed (ACCOUNT_INVALID, DEADLINE_PASSED...); null otherwise. */
  failCode: string | null;
  version: number;
  cards: { serial: string; pin: string; expiresAt: string | null }[] | null;
}

export interface ListedOrder extends Order {
  updateTime: string;
}

export interface NewOrder {
  productId: number;
  skuId: number;
  /** Yours, unique forever: a retry with the same number answers the same order. Made for you when left out. */
  merchantOrderNo?: string;
  quantity?: number;
  inputs: Record<string, string | number>;
}

export interface Balance {
  merchantNo: string;
  balance: string;
  currency: string;
}

export interface Sku {
  id: number;
  code: string;
  spec: string;
  faceValue: string;
  currency: string;
  price: string | null;
  priceCurrency: string;
  orderable: boolean;
}

export interface Product {
  id: number;
  code: string;
  name: string;
  type: 1 | 2 | 3;
  status: "enabled" | "disabled";
  skus: Sku[];
  fields: { key: string; label: string; kind: string; required: boolean; primaryKey: boolean }[];
}

export interface OrderQuery {
  updatedFrom?: string;
  updatedTo?: string;
  createdFrom?: string;
  createdTo?: string;
  status?: OrderStatus;
  batchNo?: string;
  /** Per page, 1–100. */
  limit?: number;
}

export interface EventQuery {
  since?: string;
  until?: string;
  type?: "order.success" | "order.failed" | "deposit.status" | "balance.low" | "callback.test";
  limit?: number;
}

export interface PlatformKeyListing {
  keys: { serial: number; algorithm: "SHA256withRSA"; publicKey: string; validUntil: string | null }[];
}

/** A callback or notification, verified. */
export interface CallbackEvent<T = Record<string, unknown>> {
  eventId: string;
  type: "order.success" | "order.failed" | "deposit.status" | "balance.low" | "callback.test" | (string & {});
  createTime: string;
  data: T;
}

/** `data` of a refusal (docs/open-api.md, Errors). */
export interface OpenApiErrorData {
  /** The stable reason, one HTTP status per code; new codes may come: treat one you do not know by the status. */
  errorCode: string;
  /** The code's entry in the reference, a path on the server (`/portal/reference/open-api#error-…`). */
  errorDocs?: string;
  /** Per field, in your language: what is wrong with it. */
  errors?: Record<string, string>;
}
