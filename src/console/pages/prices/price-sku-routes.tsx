import { Flex, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { PricedRoute, PricedSku } from "#contracts";
import { amountText } from "../../shared/cost-text";
import { RefusalNote, RouteFlagTags } from "../../shared/route-flags";
import { productText } from "../../shared/route-summary";
import { CostCell, MarginCell } from "./price-cost";

/**
 * A SKU's routes under its row on the Prices page, in the order fulfilment tries them: each one's supplier and
 * product (what the syncs flagged on it, why it cannot buy the SKU), its expected cost in the supplier account's
 * currency and in the list's (with the rate and the quote's age), and the margin at the list's price through it.
 */
export function PriceSkuRoutes({ sku, listCurrency }: { sku: PricedSku; listCurrency: string }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`console-prices.routeFields.${field}`);
  return (
    <Table<PricedRoute>
      rowKey={(r) => `${r.supplierId}/${r.supplierProduct}`}
      size="small"
      pagination={false}
      dataSource={sku.routes}
      scroll={{ x: "max-content" }}
      columns={[
        { key: "n", title: label("n"), render: (_, _r, i) => i + 1 },
        {
          key: "route",
          title: label("route"),
          render: (_, r) => (
            <Flex vertical align="flex-start" gap={2} style={{ maxWidth: 320 }}>
              <span>{productText(t, r)}</span>
              <Typography.Text type="secondary">{`${r.supplierName} (${r.supplierCode})`}</Typography.Text>
              {!r.enabled && <Tag>{t("console-routes.disabled")}</Tag>}
              <RefusalNote refusal={r.refusal} />
              <RouteFlagTags flags={r.flags} />
            </Flex>
          ),
        },
        {
          key: "supplierCost",
          title: label("supplierCost"),
          align: "right",
          render: (_, r) => amountText(r.supplierCost, r.supplierCurrency),
        },
        {
          key: "cost",
          title: t("console-prices.routeFields.cost", { currency: listCurrency }),
          align: "right",
          render: (_, r) => <CostCell costed={r} listCurrency={listCurrency} supplierCostShown />,
        },
        {
          key: "margin",
          title: label("margin"),
          align: "right",
          render: (_, r) => <MarginCell costed={r} listCurrency={listCurrency} />,
        },
      ]}
    />
  );
}
