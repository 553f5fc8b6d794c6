import type { FormProps } from "antd";
import { useTranslation } from "react-i18next";
import { ledgerEntryTypes, ledgerListQuery } from "#contracts";
import { EnumFilter, FilterForm, TextFilter, TimeRangeFilter } from "../../components/list-filters";
import type { LedgerFilterValues } from "../../lib/funds";

/** Funds Details' search form; its values become filters in the page's `onSearch`. */
export function LedgerFilters({ formProps }: { formProps: FormProps<LedgerFilterValues> }) {
  const { t } = useTranslation();
  return (
    <FilterForm formProps={formProps} labelWidth="9em">
      <EnumFilter name="type" label={t("ledger.fields.type")} values={ledgerEntryTypes} enumKey="ledgerType" />
      {(["orderNo", "fundNo"] as const).map((field) => (
        <TextFilter
          key={field}
          name={field}
          label={t(`ledger.fields.${field}`)}
          schema={ledgerListQuery.shape[field]}
        />
      ))}
      <TimeRangeFilter name="time" label={t("ledger.fields.time")} />
    </FilterForm>
  );
}
