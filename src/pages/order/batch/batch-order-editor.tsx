import { Alert, Button, Col, Row, Space } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Product, ProductSku } from "#contracts";
import { OrderCostSummary } from "../../../components/order-entry/order-cost-summary";
import { useBalance } from "../../../components/order-entry/use-order-access";
import { amountOf, coversAmount, sendableRows, templateColumns } from "../../../lib/order-inputs";
import { BATCH_PAGE_SIZE, BatchGrid } from "./batch-grid";
import { BatchResult } from "./batch-result";
import { BatchToolbar } from "./batch-toolbar";
import { useBatchFiles } from "./use-batch-files";
import { useBatchRows } from "./use-batch-rows";
import { useBatchSubmit } from "./use-batch-submit";

/** Rows of one SKU, checked as they are typed, sent as one batch; each row's outcome shown after. */
export function BatchOrderEditor({ product, sku }: { product: Product; sku: ProductSku & { price: string } }) {
  const { t } = useTranslation();
  const columns = useMemo(() => templateColumns(product.fields, t), [product.fields, t]);
  const batch = useBatchRows(product.fields, columns);
  const files = useBatchFiles(product, columns, batch.append);
  const { submit, pending, submitted, clearSubmitted } = useBatchSubmit(product, sku, batch);
  const [page, setPage] = useState(1);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const { balance } = useBalance();
  const { validation } = batch;
  const shownInvalid = [...validation.errors.keys()].filter(batch.errorsShown).length;
  // The summary counts what will be sent and debited: rows with errors are never sent.
  const sendable = useMemo(() => sendableRows(batch.rows, validation), [batch.rows, validation]);
  const quantity = sendable.quantity;
  const short = balance !== undefined && !coversAmount(balance, amountOf(sku.price, quantity));

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <div>
        <BatchToolbar
          onAdd={() => {
            batch.addRow();
            setPage(Math.floor(batch.rows.length / BATCH_PAGE_SIZE) + 1);
          }}
          onClear={() => {
            batch.clear();
            clearSubmitted();
            setPage(1);
          }}
          onTemplate={files.downloadTemplate}
          onImport={files.importFile}
          onlyErrors={onlyErrors}
          onOnlyErrors={setOnlyErrors}
        />
        <BatchGrid
          rows={batch.rows}
          columns={columns}
          fields={product.fields}
          validation={validation}
          errorsShown={batch.errorsShown}
          onCell={batch.setCell}
          onPaste={batch.paste}
          onRemove={batch.removeRow}
          page={page}
          onPage={setPage}
          onlyErrors={onlyErrors}
        />
      </div>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={12}>
          <OrderCostSummary
            price={sku.price}
            currency={sku.priceCurrency}
            quantity={quantity}
            balance={balance}
            rows={sendable.rows}
          />
        </Col>
        <Col xs={24} lg={12}>
          <Space direction="vertical" style={{ width: "100%" }}>
            {shownInvalid > 0 && (
              <Alert type="error" showIcon message={t("orderForm.batch.invalidRows", { count: shownInvalid })} />
            )}
            {validation.tooMany && <Alert type="error" showIcon message={t("validation.batchTooLarge")} />}
            {short && <Alert type="warning" showIcon message={t("orderForm.batch.balanceShort")} />}
            <Button type="primary" onClick={submit} loading={pending}>
              {t("orderForm.batch.submit")}
            </Button>
          </Space>
        </Col>
      </Row>
      {submitted && (
        <BatchResult
          result={submitted.result}
          rows={submitted.rows}
          onKeepFailed={() => {
            batch.keepRows(new Set(submitted.rows.filter((r) => !r.ok).map((r) => r.rowKey)));
            clearSubmitted();
            setPage(1);
          }}
        />
      )}
    </Space>
  );
}
