import { Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { PREVIEW_PAGE_SIZE, type PriceChangePreview } from "#contracts";
import { priceText } from "../../shared/price-text";

type Row = PriceChangePreview["rows"][number];

/**
 * What a change would do to each chosen SKU: its price before and after (at the change's effective time), the margin
 * at the new price, or why it is left out.
 */
export function PricePreviewTable({ preview, currency }: { preview: PriceChangePreview; currency: string }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`console-prices.fields.${field}`);
  const price = (value: string | null) => (value === null ? t("console-prices.notOnList") : priceText(value, currency));
  return (
    <Table<Row>
      rowKey="skuId"
      size="small"
      dataSource={preview.rows}
      pagination={
        preview.rows.length > PREVIEW_PAGE_SIZE ? { pageSize: PREVIEW_PAGE_SIZE, showSizeChanger: false } : false
      }
      scroll={{ x: "max-content", y: 320 }}
      columns={[
        { key: "product", title: label("product"), dataIndex: "productName" },
        { key: "sku", title: label("sku"), render: (_, r) => `${r.skuCode} · ${r.spec}` },
        { key: "before", title: label("before"), align: "right", render: (_, r) => price(r.before) },
        {
          key: "after",
          title: label("after"),
          align: "right",
          render: (_, r) => (r.skipped ? "-" : <Typography.Text strong>{price(r.after)}</Typography.Text>),
        },
        { key: "cost", title: label("cost"), align: "right", render: (_, r) => priceText(r.cost, r.costCurrency) },
        {
          key: "margin",
          title: label("margin"),
          align: "right",
          render: (_, r) =>
            r.margin === null ? (
              "-"
            ) : (
              <Typography.Text type={r.margin.startsWith("-") ? "danger" : undefined}>
                {priceText(r.margin, currency)}
              </Typography.Text>
            ),
        },
        {
          key: "skipped",
          title: label("skipped"),
          render: (_, r) => (r.skipped ? <Tag color="orange">{t(`console-prices.skip.${r.skipped}`)}</Tag> : null),
        },
      ]}
    />
  );
}
