import { type HttpError, useCustom } from "@refinedev/core";
import { Button, Flex, Select, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ConsoleMerchant, type PriceList, priceCalls } from "#contracts";
import { message } from "../../../lib/toast";
import { customCall } from "../../../providers/api-call";
import { consoleCall } from "../../console-session";

/**
 * The merchant's price list: shown to all, chosen by who may edit prices from the lists in its currency (or none,
 * when only its own prices count). The choice is saved by a button, not on change: it moves every price it pays.
 */
export function PriceListChoice({
  merchant,
  mayEdit,
  onAssigned,
}: {
  merchant: ConsoleMerchant;
  mayEdit: boolean;
  onAssigned: (assigned: Pick<ConsoleMerchant, "priceListId" | "priceListName">) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number | null>(merchant.priceListId);
  const [saving, setSaving] = useState(false);
  useEffect(() => setChosen(merchant.priceListId), [merchant.priceListId]);
  const { query } = useCustom<PriceList[], HttpError>({
    ...customCall(priceCalls.lists),
    queryOptions: { retry: false, enabled: mayEdit },
  });
  const lists = (query.data?.data ?? []).filter((l) => l.currency === merchant.currency);
  // Its current list is named while the lists load (or if they cannot be read).
  const options = lists.map((l) => ({ value: l.id, label: l.name }));
  if (merchant.priceListId !== null && !lists.some((l) => l.id === merchant.priceListId))
    options.push({ value: merchant.priceListId, label: merchant.priceListName ?? "" });

  const assign = async () => {
    setSaving(true);
    const assigned = await consoleCall(priceCalls.assign, {
      params: { id: merchant.id },
      body: { priceListId: chosen },
    })
      .catch(() => null) // the http client has said why
      .finally(() => setSaving(false));
    if (!assigned) return;
    void message.success(
      assigned.priceListName
        ? t("console-prices.assigned", { name: merchant.name, list: assigned.priceListName })
        : t("console-prices.unassigned", { name: merchant.name }),
    );
    onAssigned(assigned);
  };

  if (!mayEdit)
    return (
      <Typography.Paragraph>
        {t("console-prices.merchantList")}: {merchant.priceListName ?? t("console-prices.noList")}
      </Typography.Paragraph>
    );
  return (
    <Flex wrap align="center" gap={8} style={{ marginBottom: 12 }}>
      <label htmlFor="merchant-price-list">{t("console-prices.merchantList")}</label>
      <Select<number>
        id="merchant-price-list"
        allowClear
        style={{ minWidth: 240 }}
        loading={query.isLoading}
        placeholder={t("console-prices.noList")}
        value={chosen ?? undefined}
        onChange={(value) => setChosen(value ?? null)}
        options={options}
        notFoundContent={t("console-prices.noListInCurrency", { currency: merchant.currency })}
      />
      <Button type="primary" loading={saving} disabled={chosen === merchant.priceListId} onClick={() => void assign()}>
        {t("console-prices.assign")}
      </Button>
    </Flex>
  );
}
