import { type HttpError, useCustom } from "@refinedev/core";
import { Checkbox, Flex, Select, Typography } from "antd";
import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type CatalogEntry,
  type Page,
  PICKER_PAGE_SIZE,
  type SupplierProductKind,
  type SupplierProductView,
  supplierCatalogCalls,
} from "#contracts";
import { tableLoading } from "../../components/list-page";
import { customCall } from "../../providers/api-call";
import { amountText, formatCost } from "./cost-text";

const TYPING_MS = 300;

/** A product as the picker's box and a test read it: "Simulator top-up CNY (topup-CNY)". */
export const productTitle = (p: Pick<SupplierProductView, "name" | "externalId">) => `${p.name} (${p.externalId})`;

/**
 * A catalog entry's terms in one line: "CN · 10.00, 20.00 CNY · paid in USD · local amounts · 3% off · fee 0.50 USD"
 * (what it is for, what it delivers, what we pay in and how).
 */
export function entryTerms(t: TFunction, e: CatalogEntry): string {
  const values =
    e.denomination === "fixed"
      ? e.fixed.map((v) => formatCost(v.receive)).join(", ")
      : e.range
        ? t("console-suppliers.catalog.terms.range", {
            min: formatCost(e.range.minReceive),
            max: formatCost(e.range.maxReceive),
          })
        : "-";
  return [
    e.country,
    `${values} ${e.receiveCurrency}`,
    t("console-suppliers.catalog.terms.pays", { currency: e.sendCurrency }),
    e.localAmounts && t("console-suppliers.catalog.terms.local"),
    e.fxRate && t("console-suppliers.catalog.terms.fx", { rate: e.fxRate }),
    Number(e.discountPercent) !== 0 && t("console-suppliers.catalog.terms.discount", { percent: e.discountPercent }),
    Number(e.fee) !== 0 && t("console-suppliers.catalog.terms.fee", { fee: amountText(e.fee, e.sendCurrency) }),
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * A route's product, picked from its account's synced catalog (never typed): a searchable list the server filters
 * by name, id or country, by default to the products that can buy the SKU (its currency, and its kind when `kind`
 * is given). A form control: `value` is the product's id at the supplier; `current` names a value the list has not
 * brought (the saved one, or one picked before another search); `onPicked` hears the whole product.
 */
export function CatalogProductPicker({
  id,
  value,
  onChange,
  supplierId,
  currency,
  kind,
  current,
  onPicked,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  supplierId: number | undefined;
  currency: string;
  kind?: SupplierProductKind;
  current?: { externalId: string; name: string | null };
  onPicked?: (product: SupplierProductView) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const [keyword, setKeyword] = useState("");
  const [forSku, setForSku] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), TYPING_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { query } = useCustom<Page<SupplierProductView>, HttpError>({
    ...customCall(supplierCatalogCalls.products, { id: supplierId ?? 0 }),
    config: {
      query: {
        // Products offered at once; typing narrows them on the server.
        pageSize: PICKER_PAGE_SIZE,
        keyword: keyword || undefined,
        ...(forSku && { receiveCurrency: currency, kind }),
      },
    },
    queryOptions: { retry: false, enabled: supplierId !== undefined },
  });
  const products = query.data?.data.list ?? [];
  const total = query.data?.data.total ?? 0;
  const options: { value: string; label: string; title: string; product?: SupplierProductView }[] = products.map(
    (p) => ({ value: p.externalId, label: productTitle(p), title: productTitle(p), product: p }),
  );
  // The saved product, until the list brings it (or when the catalog no longer lists it).
  if (value && current?.externalId === value && !products.some((p) => p.externalId === value)) {
    const label =
      current.name === null
        ? t("console-routes.notListed", { product: value })
        : productTitle({ ...current, name: current.name });
    options.unshift({ value, label, title: label });
  }

  return (
    <Flex vertical gap={4}>
      <Select<string>
        id={id}
        value={value}
        showSearch
        filterOption={false}
        searchValue={typed}
        onSearch={setTyped}
        onChange={(next, option) => {
          onChange?.(next);
          const picked = !Array.isArray(option) ? option?.product : undefined;
          if (picked) onPicked?.(picked);
          setTyped("");
        }}
        disabled={supplierId === undefined}
        loading={tableLoading(query)}
        placeholder={t(
          supplierId === undefined ? "console-routes.chooseSupplierFirst" : "console-routes.searchProduct",
        )}
        notFoundContent={query.isFetching ? t("common.loading") : t("console-routes.noProducts")}
        options={options}
        optionRender={({ data }) =>
          data.product ? (
            <Flex vertical>
              <span>{data.label}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {entryTerms(t, data.product)}
              </Typography.Text>
            </Flex>
          ) : (
            data.label
          )
        }
        popupRender={(menu) => (
          <>
            {menu}
            {total > products.length && (
              <Typography.Text type="secondary" style={{ display: "block", padding: "4px 12px", fontSize: 12 }}>
                {t("console-routes.moreProducts", { shown: products.length, total })}
              </Typography.Text>
            )}
          </>
        )}
      />
      <Checkbox checked={forSku} onChange={(e) => setForSku(e.target.checked)} disabled={supplierId === undefined}>
        {kind
          ? t("console-routes.onlyKindForSku", { currency, kind: t(`console-suppliers.catalog.kinds.${kind}`) })
          : t("console-routes.onlyForSku", { currency })}
      </Checkbox>
    </Flex>
  );
}
