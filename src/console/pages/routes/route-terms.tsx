import { Descriptions, Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { type Quote, quoteEntry, type RoutedSku, type SkuRoute, type SupplierProductView } from "#contracts";
import { formatDateTime } from "../../../lib/date-format";
import { entryTerms } from "../../shared/catalog-product-picker";
import { amountText } from "../../shared/cost-text";
import { RefusalNote, RouteFlagTags } from "../../shared/route-flags";
import { sendText } from "../../shared/route-summary";

/**
 * Under a route in the editor, read-only: how it buys the SKU (what it sends, what the recipient gets, what it
 * should cost per unit) or why it cannot, and its flags. A saved route shows its quote from the last sync; a
 * product just picked is quoted here by the same rule the server applies (contracts/supplier-quote.ts), so staff
 * see the cost and a refusal before saving.
 */
export function RouteTerms({
  sku,
  saved,
  picked,
}: {
  sku: RoutedSku;
  saved: SkuRoute | undefined;
  picked: SupplierProductView | undefined;
}) {
  const { t } = useTranslation();
  if (saved)
    return (
      <Flex vertical gap={8} style={{ marginTop: 12 }}>
        {saved.quote ? (
          <QuoteTerms quote={saved.quote} time={formatDateTime(saved.quoteTime)} />
        ) : (
          <RefusalNote refusal={saved.refusal} />
        )}
        <RouteFlagTags flags={saved.flags} />
      </Flex>
    );
  if (!picked) return null;
  const quoted = quoteEntry(picked, { kind: sku.kind, faceValue: sku.faceValue, faceCurrency: sku.currency });
  return (
    <Flex vertical gap={4} style={{ marginTop: 12 }}>
      <Typography.Text type="secondary">{entryTerms(t, picked)}</Typography.Text>
      {quoted.ok ? (
        <QuoteTerms quote={quoted.quote} time={t("console-routes.quote.notSaved")} />
      ) : (
        <RefusalNote refusal={{ reason: quoted.reason, params: quoted.params }} />
      )}
    </Flex>
  );
}

function QuoteTerms({ quote, time }: { quote: Quote; time: string }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`console-routes.quote.${field}`);
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 4 }}
      items={[
        { key: "send", label: label("send"), children: sendText(t, quote.send) },
        {
          key: "delivers",
          label: label("delivers"),
          children: amountText(quote.delivers.value, quote.delivers.currency),
        },
        { key: "cost", label: label("cost"), children: amountText(quote.cost.amount, quote.cost.currency) },
        { key: "quoteTime", label: label("quoteTime"), children: time },
      ]}
    />
  );
}
