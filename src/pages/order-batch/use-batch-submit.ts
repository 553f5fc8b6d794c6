import { useCustomMutation, useInvalidate } from "@refinedev/core";
import { message } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Product, ProductSku } from "../../../server/src/contracts/catalog";
import type { BatchOrderResult } from "../../../server/src/contracts/orders";
import { orderCalls } from "../../components/order-entry/order-links";
import { type BatchRow, type BatchValidation, batchItems, batchOutcome, isBlankRow } from "../../lib/order-inputs";
import { outcomeMessageKey, type ResultRow } from "./batch-result";

const notify = { success: message.success, partial: message.warning, failed: message.error } as const;

export interface SubmittedBatch {
  result: BatchOrderResult;
  rows: ResultRow[];
}

/**
 * Sends the batch once every filled row is valid. Rows without a merchant order number get one first, kept in
 * the grid, so sending the same rows again (after a lost answer) places nothing twice.
 */
export function useBatchSubmit(
  product: Product,
  sku: ProductSku,
  batch: { validation: BatchValidation; showAllErrors: () => void; numberRows: () => BatchRow[] },
) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation<BatchOrderResult>();
  const [submitted, setSubmitted] = useState<SubmittedBatch | null>(null);

  const submit = () => {
    const { validation } = batch;
    if (validation.filled === 0) return void message.error(t("validation.batchEmpty"));
    batch.showAllErrors();
    if (validation.errors.size > 0)
      return void message.error(t("orderForm.batch.invalidRows", { count: validation.errors.size }));
    if (validation.tooMany) return void message.error(t("validation.batchTooLarge"));
    const sent = batch
      .numberRows()
      .map((row, i) => ({ row, position: i + 1 }))
      .filter(({ row }) => !isBlankRow(row));
    const items = batchItems(
      sent.map((s) => s.row),
      product.fields,
    );
    mutate(
      { url: orderCalls.batch, method: "post", values: { productId: product.id, skuId: sku.id, items } },
      {
        onSuccess: ({ data }) => {
          const outcome = batchOutcome(data);
          void notify[outcome](t(outcomeMessageKey[outcome]));
          const rows = data.results.map((r) => {
            const origin = sent[r.index];
            const position = origin?.position ?? r.index + 1;
            return { ...r, position, rowKey: origin?.row.key ?? -1, sentNo: origin?.row.merchantOrderNo ?? "" };
          });
          setSubmitted({ result: data, rows });
          void invalidate({ resource: "merchant-info", invalidates: ["resourceAll"] });
          void invalidate({ resource: "order", invalidates: ["resourceAll"] });
        },
        onError: () => void message.error(t(outcomeMessageKey.failed)),
      },
    );
  };

  return { submit, pending: mutation.isPending, submitted, clearSubmitted: () => setSubmitted(null) };
}
