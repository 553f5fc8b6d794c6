import type { openApiCalls } from "#contracts";

/** Each Open API call's words and examples in the OpenAPI document (the same as docs/open-api.md's). */
interface CallText {
  summary: string;
  description: string;
  request?: unknown;
  answer: unknown;
}

const order = {
  orderNo: "P202611210000000001",
  merchantOrderNo: "MO-20261121-0001",
  batchId: null,
  productId: 1,
  productName: "Mobile Top-up",
  productType: 1,
  skuId: 1,
  spec: "10 CNY",
  quantity: 1,
  unitPrice: "1.4200",
  amount: "1.4200",
  currency: "USD",
  rechargeAccount: "13800138000",
  status: "success",
  source: "api",
  createTime: "2026-11-21T10:00:00.000Z",
  completeTime: "2026-11-21T10:00:03.120Z",
  duration: 3,
  failReason: null,
  failCode: null,
  version: 2,
  cards: null,
};

export const openApiExamples: Record<keyof typeof openApiCalls, CallText> = {
  balance: {
    summary: "Your balance",
    description: "The prepaid balance orders are paid from, in your balance currency.",
    answer: { merchantNo: "M100001", balance: "4998.5800", currency: "USD" },
  },
  products: {
    summary: "Products you can order",
    description:
      "The catalog with your price of each SKU (null: not orderable by you) and each product's order inputs.",
    answer: { total: 1, list: [] },
  },
  placeOrder: {
    summary: "Place an order",
    description:
      "Debits your balance and answers the order (Processing). The same merchant order number again with the same " +
      "content answers the original order (header Idempotent-Replayed: true); with other content, 409.",
    request: {
      productId: 1,
      skuId: 1,
      merchantOrderNo: "MO-20261121-0001",
      quantity: 1,
      inputs: { account: "13800138000" },
    },
    answer: { ...order, status: "processing", completeTime: null, duration: null, version: 1 },
  },
  keys: {
    summary: "The platform public keys",
    description:
      "Verify our answers and callbacks with the key whose serial is in X-Key-Serial: the current key, and after a " +
      "rotation the previous one for 24 hours (callbacks signed with it may still arrive).",
    answer: {
      keys: [
        { serial: 2, algorithm: "SHA256withRSA", publicKey: "-----BEGIN PUBLIC KEY-----\n…", validUntil: null },
        {
          serial: 1,
          algorithm: "SHA256withRSA",
          publicKey: "-----BEGIN PUBLIC KEY-----\n…",
          validUntil: "2026-11-22T10:00:00.000Z",
        },
      ],
    },
  },
  events: {
    summary: "Your events of the last 30 days (reconciliation)",
    description:
      "Every callback and notification you were sent or would have been (no URL set, or a delivery that failed), " +
      "oldest first, with the same event ids and data; follow nextCursor until it is null.",
    answer: {
      list: [
        {
          eventId: "5b0e9a8e-3c1f-4a7e-9d0b-2f6c1e8a7d41",
          type: "order.success",
          createTime: "2026-11-21T10:00:03.120Z",
          data: { orderNo: "P202611210000000001", merchantOrderNo: "MO-20261121-0001", status: "success", version: 2 },
          deliveryStatus: "delivered",
        },
      ],
      nextCursor: null,
    },
  },
  listOrders: {
    summary: "List your orders by last change (reconciliation)",
    description:
      "Oldest change first, a page at a time: follow nextCursor (with the same filters) until it is null. Gift-card " +
      "codes are not listed; query the order for them.",
    answer: {
      list: [{ ...order, updateTime: "2026-11-21T10:00:03.120Z" }],
      nextCursor: "WyIyMDI2LTExLTIxVDEwOjAwOjAzLjEyMFoiLDFd",
    },
  },
  orderByMerchantOrderNo: {
    summary: "An order by your merchant order number",
    description: "A successful gift-card order answers its codes in full; each such answer is recorded on the order.",
    answer: order,
  },
  orderByOrderNo: {
    summary: "An order by our order number",
    description: "As the query by merchant order number.",
    answer: order,
  },
};
