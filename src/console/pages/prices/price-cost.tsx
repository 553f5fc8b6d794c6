import { Flex, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { CostFields } from "#contracts";
import { formatDateTime } from "../../../lib/date-format";
import { rateText } from "../../shared/cost-text";
import { priceText } from "../../shared/price-text";

/**
 * What a unit costs in the list's currency, with where it comes from underneath: the supplier's own amount and the
 * rate it was converted at (and when finance set it), or that no rate is set (then no margin), and how old the
 * quote is. "-" without a quote.
 */
export function CostCell({
  costed,
  listCurrency,
  supplierCostShown = false,
}: {
  costed: CostFields;
  listCurrency: string;
  /** The supplier's own amount has a column of its own (a route's): the rate line leaves it out. */
  supplierCostShown?: boolean;
}) {
  const { t } = useTranslation();
  if (costed.cost === null) return "-";
  const from = costed.supplierCurrency ?? costed.costCurrency ?? "";
  return (
    <Flex vertical align="flex-end" gap={2} style={{ maxWidth: 240, textAlign: "end" }}>
      {costed.noRate ? (
        <Tooltip title={t("console-prices.noRateHint", { from, to: listCurrency })}>
          <Typography.Text type="warning">
            {t("console-prices.noRate", { cost: priceText(costed.cost, costed.costCurrency), from, to: listCurrency })}
          </Typography.Text>
        </Tooltip>
      ) : (
        <span>{priceText(costed.cost, costed.costCurrency)}</span>
      )}
      {costed.rate !== null && (
        <Typography.Text type="secondary">
          {supplierCostShown
            ? t("console-prices.convertedAt", { rate: rateText(costed.rate), time: formatDateTime(costed.rateTime) })
            : t("console-prices.converted", {
                cost: priceText(costed.supplierCost, costed.supplierCurrency),
                rate: rateText(costed.rate),
                time: formatDateTime(costed.rateTime),
              })}
        </Typography.Text>
      )}
      {costed.quoteTime !== null && (
        <Typography.Text type="secondary">
          {t("console-prices.quotedAt", { time: formatDateTime(costed.quoteTime) })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** price − cost and its share of the price, red below zero; "-" when either is unknown. */
export function MarginCell({ costed, listCurrency }: { costed: CostFields; listCurrency: string }) {
  if (costed.margin === null) return "-";
  return (
    <Typography.Text type={costed.margin.startsWith("-") ? "danger" : undefined}>
      {`${priceText(costed.margin, listCurrency)} (${costed.marginPercent}%)`}
    </Typography.Text>
  );
}
