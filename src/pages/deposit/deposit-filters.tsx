import type { FormProps } from "antd";
import { useTranslation } from "react-i18next";
import { depositListQuery, depositStatuses } from "#contracts";
import { EnumFilter, FilterForm, TextFilter, TimeRangeFilter } from "../../components/list-filters";
import type { DepositFilterValues } from "../../lib/funds";

/** Recharge History's search form; its values become filters in the page's `onSearch`. */
export function DepositFilters({ formProps }: { formProps: FormProps<DepositFilterValues> }) {
  const { t } = useTranslation();
  return (
    <FilterForm formProps={formProps} labelWidth="9em">
      <EnumFilter name="status" label={t("deposit.fields.status")} values={depositStatuses} enumKey="depositStatus" />
      <TextFilter
        name="referenceNo"
        label={t("deposit.fields.referenceNo")}
        schema={depositListQuery.shape.referenceNo}
      />
      <TimeRangeFilter name="time" label={t("deposit.fields.time")} />
    </FilterForm>
  );
}
