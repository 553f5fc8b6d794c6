import { ArrowRightOutlined } from "@ant-design/icons";
import type { TableColumnsType } from "antd";
import { Flex, Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import type { PricedSku, PriceList } from "#contracts";
import { formatDateTime } from "../../../lib/date-format";
import { formatMoney } from "../../../lib/format-decimal";
import { priceText } from "../../shared/price-text";
import { CostCell, MarginCell } from "./price-cost";

/**
 * A price list's SKU columns: the SKU and its face value; its cost in the list's currency (its first route that can
 * buy it, or its product's default supplier), flagged when a sync flagged one of its routes; its price now and
 * next; the margin. Each route is costed under the SKU's row (price-sku-routes.tsx).
 */
export function priceSkuColumns(t: TFunction, list: PriceList): TableColumnsType<PricedSku> {
  const label = (field: string) => t(`console-prices.fields.${field}`);
  return [
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
    {
      key: "sku",
      title: label("sku"),
      render: (_, s) => (
        <>
          <div>{`${s.skuCode} · ${s.spec}`}</div>
          <Typography.Text type="secondary">
            {t("console-prices.faceValueIs", { value: `${formatMoney(s.faceValue)} ${s.faceCurrency}` })}
          </Typography.Text>
        </>
      ),
    },
    {
      key: "cost",
      title: label("cost"),
      align: "right",
      render: (_, s) => (
        <Flex vertical align="flex-end" gap={2}>
          <CostCell costed={s} listCurrency={list.currency} />
          {s.costSource === "defaultSupplier" && (
            <Typography.Text type="secondary">{t("console-prices.costSources.defaultSupplier")}</Typography.Text>
          )}
          {s.routes.some((r) => r.flags.length > 0) && <Tag color="orange">{t("console-prices.flagged")}</Tag>}
        </Flex>
      ),
    },
    {
      key: "price",
      title: label("price"),
      align: "right",
      render: (_, s) => (
        <Flex vertical align="flex-end" gap={2}>
          {s.price === null ? (
            <Tag>{t("console-prices.notOnList")}</Tag>
          ) : (
            <span>{priceText(s.price, list.currency)}</span>
          )}
          {s.next && (
            <>
              <span>
                <ArrowRightOutlined aria-hidden />{" "}
                {s.next.price === null ? t("console-prices.leaves") : priceText(s.next.price, list.currency)}
              </span>
              <Typography.Text type="secondary">
                {t("console-prices.from", { time: formatDateTime(s.next.effectiveTime) })}
              </Typography.Text>
            </>
          )}
        </Flex>
      ),
    },
    {
      key: "margin",
      title: label("margin"),
      align: "right",
      render: (_, s) => <MarginCell costed={s} listCurrency={list.currency} />,
    },
  ];
}
