import { useCan } from "@refinedev/core";
import { Button, Empty, Flex, Select, Tabs, Typography } from "antd";
import { useReducer, useState } from "react";
import { useTranslation } from "react-i18next";
import { type PriceList, priceCalls } from "#contracts";
import { ListCard } from "../../../components/list-page";
import { useWholeList, WholeListActions } from "../../whole-list";
import { ExchangeRatesCard } from "./exchange-rates-card";
import { PriceChanges } from "./price-changes";
import type { PriceListTabProps } from "./price-common";
import { PriceListForm } from "./price-list-form";
import { PriceSkuTable } from "./price-sku-table";

/**
 * Prices (issues 16 and 19): the price lists merchants buy from, one currency each. For the chosen list, its SKUs
 * with price, cost (from the synced catalogs, at finance's exchange rates) and margin, each route costed under its
 * SKU, changed in bulk (previewed, then applied now or at a chosen time), and its scheduled and past changes; and
 * the exchange rates themselves. Reading needs prices:list; adding a list, prices:create; changing a list, its
 * prices or a rate, prices:edit. A merchant's list and own prices are set in its drawer (Merchants).
 */
export default function PricesPage() {
  const { t } = useTranslation();
  const mayCreate = useCan({ resource: "prices", action: "create" }).data?.can === true;
  const mayEdit = useCan({ resource: "prices", action: "edit" }).data?.can === true;
  const { query, editing, setEditing, saved } = useWholeList<PriceList>(priceCalls.lists, {
    loadFailed: "console-prices.loadFailed",
  });
  const [chosenId, setChosenId] = useState<number | null>(null);
  // Moves on with every applied or cancelled change: the SKUs and the changes tabs read themselves again.
  const [revision, nextRevision] = useReducer((n: number) => n + 1, 0);
  const lists = query.data?.data ?? [];
  const chosen = lists.find((l) => l.id === chosenId) ?? lists[0];
  const changed = () => {
    nextRevision();
    void query.refetch(); // the lists' counts
  };
  const tabProps = (list: PriceList): PriceListTabProps => ({ list, mayEdit, revision, onChanged: changed });

  return (
    <Flex vertical gap={16}>
      <ListCard
        title={t("console-prices.title")}
        actions={
          <WholeListActions
            query={query}
            createLabel={t("console-prices.createList")}
            onCreate={mayCreate ? () => setEditing("new") : undefined}
          />
        }
      >
        {lists.length === 0 ? (
          <Empty description={t(query.isLoading ? "common.loading" : "console-prices.noLists")} />
        ) : (
          <>
            <Flex wrap align="center" gap={12} style={{ marginBottom: 8 }}>
              <label htmlFor="price-list-choice">{t("console-prices.list")}</label>
              <Select<number>
                id="price-list-choice"
                style={{ minWidth: 280 }}
                value={chosen?.id}
                onChange={setChosenId}
                options={lists.map((l) => ({ value: l.id, label: `${l.name} · ${l.currency}` }))}
              />
              {chosen && mayEdit && (
                <Button onClick={() => setEditing(chosen)}>{t("console-prices.editListButton")}</Button>
              )}
            </Flex>
            {chosen && (
              <>
                <Typography.Paragraph type="secondary">
                  {t("console-prices.counts", {
                    skus: chosen.skus,
                    merchants: chosen.merchants,
                    scheduled: chosen.scheduled,
                  })}
                  {chosen.description && ` · ${chosen.description}`}
                </Typography.Paragraph>
                <Tabs
                  items={[
                    {
                      key: "skus",
                      label: t("console-prices.tabs.skus"),
                      children: <PriceSkuTable key={chosen.id} {...tabProps(chosen)} />,
                    },
                    {
                      key: "changes",
                      label: t("console-prices.tabs.changes"),
                      children: <PriceChanges key={chosen.id} {...tabProps(chosen)} />,
                    },
                  ]}
                />
              </>
            )}
          </>
        )}
        <PriceListForm
          list={editing === "new" ? null : editing}
          open={editing !== null}
          onClose={() => setEditing(null)}
          onSaved={(list) => {
            saved();
            setChosenId(list.id);
          }}
        />
      </ListCard>
      <ExchangeRatesCard onChanged={nextRevision} />
    </Flex>
  );
}
