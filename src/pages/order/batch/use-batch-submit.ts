import { useCustomMutation, useInvalidate } from "@refinedev/core";
import { Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type BatchOrderResult, orderCalls, type Product, type ProductSku } from "#contracts";
import { type BatchRow, type BatchValidation, batchItems, batchOutcome, isBlankRow } from "../../../lib/order-inputs";
import { message } from "../../../lib/toast";
import { customCall } from "../../../providers/api-call";
import { showFailure } from "../../../providers/http-client";
import { outcomeMessageKey, type ResultRow } from "./batch-result";

const notify = {
  success: message.success,
  partial: message.warning,
  failed: message.error,
  existing: message.info,
} as const;

export interface SubmittedBatch {
  result: BatchOrderResult;
  rows: ResultRow[];
}

/**
 * Sends the batch. With rows in error the user may send the valid ones only (the others are reported as not
 * placed and stay in the grid). Rows without a merchant order number get one first, kept in the grid, so sending
 * the same rows again (after a lost answer) places nothing twice.
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

  /** Sends the filled rows, or only the valid ones; rows left out are reported as not placed. */
  const send = (onlyValid: boolean) => {
    const { errors } = batch.validation;
    const filled = batch
      .numberRows()
      .map((row, i) => ({ row, position: i + 1 }))
      .filter(({ row }) => !isBlankRow(row));
    const sent = filled.filter(({ row }) => !onlyValid || !errors.has(row.key));
    const skipped: ResultRow[] = filled
      .filter(({ row }) => onlyValid && errors.has(row.key))
      .map(({ row, position }) => ({
        index: -position,
        ok: false,
        message: t("validation.failedRow"),
        position,
        rowKey: row.key,
        sentNo: row.merchantOrderNo,
      }));
    const items = batchItems(
      sent.map((s) => s.row),
      product.fields,
    );
    mutate(
      { ...customCall(orderCalls.batch), values: { productId: product.id, skuId: sku.id, items } },
      {
        onSuccess: ({ data }) => {
          const placed = data.results.map((r) => {
            const origin = sent[r.index];
            const position = origin?.position ?? r.index + 1;
            return { ...r, position, rowKey: origin?.row.key ?? -1, sentNo: origin?.row.merchantOrderNo ?? "" };
          });
          const rows = [...placed, ...skipped].sort((a, b) => a.position - b.position);
          const result = { ...data, failCount: data.failCount + skipped.length };
          const outcome = batchOutcome(result);
          void notify[outcome](t(outcomeMessageKey[outcome]));
          setSubmitted({ result, rows });
          void invalidate({ resource: "merchant-info", invalidates: ["resourceAll"] });
          void invalidate({ resource: "order", invalidates: ["resourceAll"] });
        },
        onError: (error) => showFailure(error, t(outcomeMessageKey.failed)),
      },
    );
  };

  const submit = () => {
    const { validation } = batch;
    if (validation.filled === 0) return void message.error(t("validation.batchEmpty"));
    batch.showAllErrors();
    if (validation.tooMany) return void message.error(t("validation.batchTooLarge"));
    const invalid = validation.errors.size;
    if (invalid === 0) return send(false);
    const valid = validation.filled - invalid;
    if (valid === 0) return void message.error(t("orderForm.batch.invalidRows", { count: invalid }));
    // Rows with errors stay in the grid to be corrected; the valid ones can go now if the user wants.
    Modal.confirm({
      title: t("orderForm.batch.invalidRowsTitle", { count: invalid }),
      content: t("orderForm.batch.submitValidOnly", { valid, invalid }),
      okText: t("orderForm.batch.submitValidOk", { count: valid }),
      cancelText: t("orderForm.batch.submitValidCancel"),
      onOk: () => send(true),
    });
  };

  return { submit, pending: mutation.isPending, submitted, clearSubmitted: () => setSubmitted(null) };
}
