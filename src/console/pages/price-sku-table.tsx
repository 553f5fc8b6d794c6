import { type HttpError, useCustom } from "@refinedev/core";
import { Button, Flex, Form, Input, message, Select, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Page, type PricedSku, type PriceList, priceCalls, pricedSkuQuery } from "#contracts";
import { DEFAULT_LIST_PAGE_SIZE, listPagination, RefreshButton, useLoadFailure } from "../../components/list-page";
import { formatDateTime } from "../../lib/date-format";
import { formatMoney } from "../../lib/format-decimal";
import { zodRule } from "../../lib/zod-rule";
import { customCall } from "../../providers/api-call";
import { PriceChangeDialog } from "./price-change-dialog";
import { priceText, useRefetchOn } from "./price-common";

interface Search {
  keyword?: string;
  priced?: "priced" | "unpriced";
}

/**
 * Every SKU of the catalog as one price list sees it, paged and searched: its price now and next, its cost and the
 * margin. With prices:edit, SKUs are chosen (across pages) and their prices changed together in a dialog.
 */
export function PriceSkuTable({
  list,
  mayEdit,
  revision,
  onChanged,
}: {
  list: PriceList;
  mayEdit: boolean;
  revision: number;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: DEFAULT_LIST_PAGE_SIZE });
  const [search, setSearch] = useState<Search>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [changing, setChanging] = useState(false);
  const { query } = useCustom<Page<PricedSku>, HttpError>({
    ...customCall(priceCalls.skus, { id: list.id }),
    config: { query: { ...paging, ...search } },
    queryOptions: { retry: false },
  });
  useLoadFailure(query.error, "console.prices.skusLoadFailed");
  useRefetchOn(revision, query);

  const page = query.data?.data;
  const label = (field: string) => t(`console.prices.fields.${field}`);
  return (
    <>
      <Flex wrap align="flex-start" justify="space-between" gap={8} style={{ marginBottom: 16 }}>
        <Form<Search>
          name="price-skus-search"
          layout="inline"
          style={{ rowGap: 8 }}
          onFinish={(values) => {
            setSearch({ keyword: values.keyword?.trim() || undefined, priced: values.priced });
            setPaging((p) => ({ ...p, pageNum: 1 }));
          }}
        >
          <Form.Item
            name="keyword"
            label={t("console.prices.keyword")}
            rules={[zodRule(pricedSkuQuery.shape.keyword, t)]}
          >
            <Input allowClear style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="priced" label={t("console.prices.pricedFilter")}>
            <Select
              allowClear
              style={{ width: 150 }}
              placeholder={t("common.filters.any")}
              options={(["priced", "unpriced"] as const).map((v) => ({ value: v, label: t(`console.prices.${v}`) }))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t("common.filters.search")}
          </Button>
        </Form>
        <Space>
          {mayEdit && (
            <Button type="primary" disabled={selected.length === 0} onClick={() => setChanging(true)}>
              {t("console.prices.changePrices", { count: selected.length })}
            </Button>
          )}
          {mayEdit && selected.length > 0 && (
            <Button onClick={() => setSelected([])}>{t("console.prices.clearSelection")}</Button>
          )}
          <RefreshButton query={query} />
        </Space>
      </Flex>
      <Table<PricedSku>
        rowKey="skuId"
        loading={query.isFetching}
        dataSource={page?.list ?? []}
        scroll={{ x: "max-content" }}
        rowSelection={
          mayEdit
            ? {
                selectedRowKeys: selected,
                // Chosen SKUs stay chosen on other pages and searches: a change may span them.
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys as number[]),
              }
            : undefined
        }
        pagination={listPagination(
          {
            current: paging.pageNum,
            pageSize: paging.pageSize,
            total: page?.total ?? 0,
            onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
          },
          t,
        )}
        columns={[
          {
            key: "product",
            title: label("product"),
            render: (_, s) => (
              <>
                <div>{s.productName}</div>
                <Typography.Text type="secondary">{s.productCode}</Typography.Text>
              </>
            ),
          },
          { key: "sku", title: label("sku"), render: (_, s) => `${s.skuCode} · ${s.spec}` },
          {
            key: "faceValue",
            title: label("faceValue"),
            align: "right",
            render: (_, s) => `${formatMoney(s.faceValue)} ${s.faceCurrency}`,
          },
          { key: "cost", title: label("cost"), align: "right", render: (_, s) => priceText(s.cost, s.costCurrency) },
          {
            key: "price",
            title: label("price"),
            align: "right",
            render: (_, s) =>
              s.price === null ? <Tag>{t("console.prices.notOnList")}</Tag> : priceText(s.price, list.currency),
          },
          {
            key: "margin",
            title: label("margin"),
            align: "right",
            render: (_, s) =>
              s.margin === null ? (
                "-"
              ) : (
                <Typography.Text type={s.margin.startsWith("-") ? "danger" : undefined}>
                  {`${priceText(s.margin, list.currency)} (${s.marginPercent}%)`}
                </Typography.Text>
              ),
          },
          {
            key: "next",
            title: label("next"),
            render: (_, s) =>
              s.next === null ? (
                "-"
              ) : (
                <>
                  <div>
                    {s.next.price === null ? t("console.prices.leaves") : priceText(s.next.price, list.currency)}
                  </div>
                  <Typography.Text type="secondary">
                    {t("console.prices.from", { time: formatDateTime(s.next.effectiveTime) })}
                  </Typography.Text>
                </>
              ),
          },
        ]}
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
