import { useCan } from "@refinedev/core";
import { Button, Flex, Form, Input, Popconfirm, Select, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ConsoleMerchant, type MerchantSkuPrice, merchantPriceQuery, priceCalls } from "#contracts";
import { RefreshButton, tableLoading } from "../../../components/list-page";
import { usePagedCall } from "../../../components/use-paged-call";
import { message } from "../../../lib/toast";
import { zodRule } from "../../../lib/zod-rule";
import { consoleCall } from "../../console-session";
import { priceText } from "../../shared/price-text";
import { PriceListChoice } from "./price-list-choice";
import { PriceOverrideDialog } from "./price-override-dialog";

interface Search {
  keyword?: string;
  overridden?: "true";
}

/**
 * A merchant's prices in its drawer: the price list it buys from (assigned, with prices:edit, from the lists in its
 * balance currency) and each SKU's list price, its own price (an override, which wins) and what it pays.
 */
export function MerchantPrices({
  merchant,
  onChanged,
}: {
  merchant: ConsoleMerchant;
  onChanged: (merchant: ConsoleMerchant) => void;
}) {
  const { t } = useTranslation();
  const mayEdit = useCan({ resource: "prices", action: "edit" }).data?.can === true;
  const [overriding, setOverriding] = useState<MerchantSkuPrice | null>(null);
  const paged = usePagedCall<MerchantSkuPrice, Search>(priceCalls.merchantPrices, {
    params: { id: merchant.id },
    loadFailed: "console-prices.merchantLoadFailed",
  });
  const { query } = paged;
  const reload = () => void query.refetch();

  const removeOverride = async (sku: MerchantSkuPrice) => {
    const saved = await consoleCall(priceCalls.removeOverride, {
      params: { id: merchant.id, skuId: sku.skuId },
    }).catch(() => null); // the http client has said why
    if (!saved) return;
    void message.success(t("console-prices.overrideRemoved", { sku: `${saved.productName} ${saved.spec}` }));
    reload();
  };

  const label = (field: string) => t(`console-prices.merchantFields.${field}`);
  return (
    <>
      <PriceListChoice
        merchant={merchant}
        mayEdit={mayEdit}
        onAssigned={(assigned) => {
          onChanged({ ...merchant, ...assigned });
          reload();
        }}
      />
      <Flex wrap align="flex-start" justify="space-between" gap={8} style={{ marginBottom: 12 }}>
        <Form<Search>
          name="merchant-prices-search"
          layout="inline"
          style={{ rowGap: 8 }}
          onFinish={(values) => {
            paged.searchFor({ keyword: values.keyword?.trim() || undefined, overridden: values.overridden });
          }}
        >
          <Form.Item
            name="keyword"
            label={t("console-prices.keyword")}
            rules={[zodRule(merchantPriceQuery.shape.keyword, t)]}
          >
            <Input allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="overridden" label={label("override")}>
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t("common.filters.any")}
              options={[{ value: "true", label: t("console-prices.onlyOverrides") }]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t("common.filters.search")}
          </Button>
        </Form>
        <RefreshButton query={query} />
      </Flex>
      <Table<MerchantSkuPrice>
        {...paged.tableProps}
        rowKey="skuId"
        size="small"
        loading={tableLoading(query)}
        columns={[
          { key: "product", title: t("console-prices.fields.product"), dataIndex: "productName" },
          { key: "sku", title: t("console-prices.fields.sku"), render: (_, s) => `${s.skuCode} · ${s.spec}` },
          {
            key: "listPrice",
            title: label("listPrice"),
            align: "right",
            render: (_, s) => priceText(s.listPrice, s.currency),
          },
          {
            key: "override",
            title: label("override"),
            align: "right",
            render: (_, s) => priceText(s.override, s.currency),
          },
          {
            key: "price",
            title: label("price"),
            align: "right",
            render: (_, s) =>
              s.price === null ? (
                <Typography.Text type="secondary">{t("console-prices.notOrderable")}</Typography.Text>
              ) : (
                <Typography.Text strong>{priceText(s.price, s.currency)}</Typography.Text>
              ),
          },
          ...(mayEdit
            ? [
                {
                  key: "actions",
                  title: t("console.fields.actions"),
                  fixed: "right" as const,
                  render: (_: unknown, s: MerchantSkuPrice) => (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => setOverriding(s)}>
                        {t("console-prices.setOverride")}
                      </Button>
                      {s.override !== null && (
                        <Popconfirm
                          title={t("console-prices.confirmRemoveOverride", { sku: `${s.productName} ${s.spec}` })}
                          okText={t("console-prices.removeOverride")}
                          cancelText={t("common.cancel")}
                          onConfirm={() => removeOverride(s)}
                        >
                          <Button type="link" size="small" danger>
                            {t("console-prices.removeOverride")}
                          </Button>
                        </Popconfirm>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <PriceOverrideDialog
        merchantId={merchant.id}
        sku={overriding}
        onClose={() => setOverriding(null)}
        onSaved={() => {
          setOverriding(null);
          reload();
        }}
      />
    </>
  );
}
