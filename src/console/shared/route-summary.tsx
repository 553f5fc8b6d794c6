import { Flex, Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Quote, SkuRoute } from "#contracts";
import { formatDateTime } from "../../lib/date-format";
import { amountText } from "./cost-text";
import { RefusalNote, RouteFlagTags } from "./route-flags";

/** Sent per unit: "10.00 CNY (local amount)" when the supplier takes the recipient's currency, else "1.41 USD". */
export function sendText(t: TFunction, send: Quote["send"]): string {
  const amount = amountText(send.amount, send.currency);
  return send.local ? t("console-routes.quote.local", { amount }) : amount;
}

/** A quote in two lines: "Sends 10.00 CNY (local amount) · delivers 10.00 CNY", "Costs 1.3818 USD per unit". */
export function quoteLines(t: TFunction, quote: Quote): [string, string] {
  return [
    t("console-routes.quote.sends", {
      send: sendText(t, quote.send),
      delivers: amountText(quote.delivers.value, quote.delivers.currency),
    }),
    t("console-routes.quote.costs", { cost: amountText(quote.cost.amount, quote.cost.currency) }),
  ];
}

/** A route's product: its catalog name and id, or the id alone when the catalog no longer lists it. */
export function productText(t: TFunction, route: Pick<SkuRoute, "productName" | "supplierProduct">): string {
  return route.productName === null
    ? t("console-routes.notListed", { product: route.supplierProduct })
    : `${route.productName} (${route.supplierProduct})`;
}

/**
 * One route as the routes list shows it: its place, supplier and product; what it sends and costs per unit (or
 * why it cannot buy the SKU); disabled; what the catalog syncs flagged.
 */
export function RouteSummary({ route, index }: { route: SkuRoute; index: number }) {
  const { t } = useTranslation();
  const head = `${index + 1}. ${route.supplierCode} · ${productText(t, route)}`;
  return (
    <Flex vertical gap={2}>
      <span>
        {route.enabled ? (
          head
        ) : (
          <Typography.Text delete type="secondary">
            {head}
          </Typography.Text>
        )}
        {!route.enabled && <Tag style={{ marginInlineStart: 8 }}>{t("console-routes.disabled")}</Tag>}
      </span>
      {route.quote ? (
        quoteLines(t, route.quote).map((line) => (
          <Typography.Text
            key={line}
            type="secondary"
            title={t("console-routes.quotedAt", { time: formatDateTime(route.quoteTime) })}
          >
            {line}
          </Typography.Text>
        ))
      ) : (
        <RefusalNote refusal={route.refusal} />
      )}
      <RouteFlagTags flags={route.flags} />
    </Flex>
  );
}
