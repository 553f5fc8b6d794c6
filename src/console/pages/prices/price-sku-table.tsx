import { Alert, Button, Flex, Form, Input, Select, Space, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type PricedSku, priceCalls, pricedSkuQuery } from "#contracts";
import { RefreshButton, tableLoading } from "../../../components/list-page";
import { usePagedCall } from "../../../components/use-paged-call";
import { VisuallyHidden } from "../../../components/visually-hidden";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { PriceChangeDialog } from "./price-change-dialog";
import { type PriceListTabProps, useRefetchOn } from "./price-common";
import { priceSkuColumns } from "./price-sku-columns";
import { PriceSkuRoutes } from "./price-sku-routes";

interface Search {
  keyword?: string;
  priced?: "priced" | "unpriced";
}

/**
 * Every SKU of the catalog as one price list sees it, paged and searched: its price now and next, its cost and the
 * margin, and under it each of its routes costed the same way (a cost with no exchange rate into the list's
 * currency is said above the table). With prices:edit, SKUs are chosen (across pages) and their prices changed
 * together in a dialog.
 */
export function PriceSkuTable({ list, mayEdit, revision, onChanged }: PriceListTabProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number[]>([]);
  const [changing, setChanging] = useState(false);
  const paged = usePagedCall<PricedSku, Search>(priceCalls.skus, {
    params: { id: list.id },
    loadFailed: "console-prices.skusLoadFailed",
  });
  const { query } = paged;
  useRefetchOn(revision, query);

  return (
    <>
      <Flex wrap align="flex-start" justify="space-between" gap={8} style={{ marginBottom: 16 }}>
        <Form<Search>
          name="price-skus-search"
          layout="inline"
          style={{ rowGap: 8 }}
          onFinish={(values) => {
            paged.searchFor({ keyword: values.keyword?.trim() || undefined, priced: values.priced });
          }}
        >
          <Form.Item
            name="keyword"
            label={t("console-prices.keyword")}
            rules={[zodRule(pricedSkuQuery.shape.keyword, t)]}
          >
            <Input allowClear style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="priced" label={t("console-prices.pricedFilter")}>
            <Select
              allowClear
              style={{ width: 150 }}
              placeholder={t("common.filters.any")}
              options={(["priced", "unpriced"] as const).map((v) => ({ value: v, label: t(`console-prices.${v}`) }))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t("common.filters.search")}
          </Button>
        </Form>
        <Space>
          {mayEdit && (
            <Button type="primary" disabled={selected.length === 0} onClick={() => setChanging(true)}>
              {t("console-prices.changePrices", { count: selected.length })}
            </Button>
          )}
          {mayEdit && selected.length > 0 && (
            <Button onClick={() => setSelected([])}>{t("console-prices.clearSelection")}</Button>
          )}
          <RefreshButton query={query} />
        </Space>
      </Flex>
      {paged.rows.some((s) => s.noRate || s.routes.some((r) => r.noRate)) && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t("console-prices.noRateAlert")} />
      )}
      <Table<PricedSku>
        {...paged.tableProps}
        rowKey="skuId"
        loading={tableLoading(query)}
        rowSelection={
          mayEdit
            ? {
                selectedRowKeys: selected,
                // Chosen SKUs stay chosen on other pages and searches: a change may span them.
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys as number[]),
                // Each box says which SKU it chooses (a screen reader otherwise hears only "checkbox"); antd passes
                // the attribute on to the input, though its props type does not list it.
                getCheckboxProps: (s) =>
                  ({ "aria-label": t("console-prices.selectSku", { name: `${s.productName} ${s.spec}` }) }) as object,
              }
            : undefined
        }
        expandable={{
          // The expand buttons' column is named for screen readers (axe: an empty header).
          columnTitle: <VisuallyHidden>{t("common.rowDetails")}</VisuallyHidden>,
          rowExpandable: (s) => s.routes.length > 0,
          expandedRowRender: (s) => <PriceSkuRoutes sku={s} listCurrency={list.currency} />,
        }}
        columns={priceSkuColumns(t, list)}
      />
      {mayEdit && (
        <PriceChangeDialog
          list={list}
          skuIds={selected}
          open={changing}
          onClose={() => setChanging(false)}
          onApplied={(text) => {
            void message.success(text);
            setChanging(false);
            setSelected([]);
            onChanged();
          }}
        />
      )}
    </>
  );
}
