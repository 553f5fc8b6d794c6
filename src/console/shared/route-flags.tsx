import { Flex, Tag, Tooltip, Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { QuoteRefusal, RouteFlag } from "#contracts";
import { formatDateTime } from "../../lib/date-format";
import { formatCost } from "./cost-text";

/**
 * What the catalog syncs found on a route, and why a route cannot buy its SKU, as the routes list, the routes
 * editor and the Prices page show them (contracts/supplier-catalog.ts `RouteFlag`, `quoteRefusals`).
 */

/** Why a route cannot buy its SKU's face value, in words (the server's own `console.quote.*` messages). */
export function refusalText(t: TFunction, refusal: { reason: QuoteRefusal; params: Record<string, string> }): string {
  return t(`console.quote.${refusal.reason}`, refusal.params);
}

/** One flag in words, with the values before and after: "Cost 1.3677 → 1.5000 USD". */
export function flagText(t: TFunction, flag: RouteFlag): string {
  const p = flag.params;
  switch (flag.kind) {
    case "costChanged":
      return p.oldCurrency
        ? t("console-routes.flags.costCurrencyChanged", {
            old: formatCost(p.old),
            oldCurrency: p.oldCurrency,
            new: formatCost(p.new),
            currency: p.currency,
          })
        : t("console-routes.flags.costChanged", {
            old: formatCost(p.old),
            new: formatCost(p.new),
            currency: p.currency,
          });
    case "fxChanged":
      return t("console-routes.flags.fxChanged", { old: p.old, new: p.new });
    case "productGone":
      return t("console-routes.flags.productGone");
    case "valueGone":
      return t("console-routes.flags.valueGone");
  }
}

/** A route's flags as tags (orange; a product gone or a value gone red), each telling when the sync saw it. */
export function RouteFlagTags({ flags }: { flags: readonly RouteFlag[] }) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  return (
    <Flex wrap gap={4}>
      {flags.map((flag) => {
        const seen = t("console-routes.flags.seen", { time: formatDateTime(flag.at) });
        const why =
          flag.kind === "valueGone" && flag.params.reason
            ? refusalText(t, { reason: flag.params.reason as QuoteRefusal, params: flag.params })
            : null;
        return (
          <Tooltip key={`${flag.kind}-${flag.at}`} title={why ? `${why} · ${seen}` : seen}>
            <Tag color={flag.kind === "productGone" || flag.kind === "valueGone" ? "red" : "orange"}>
              {flagText(t, flag)}
            </Tag>
          </Tooltip>
        );
      })}
    </Flex>
  );
}

/** A refusal under a route, in red. */
export function RefusalNote({ refusal }: { refusal: { reason: QuoteRefusal; params: Record<string, string> } | null }) {
  const { t } = useTranslation();
  if (!refusal) return null;
  return <Typography.Text type="danger">{refusalText(t, refusal)}</Typography.Text>;
}
