import type { FormProps } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { orderListQuery, orderSources, orderStatuses } from "#contracts";
import { EnumFilter, FilterForm, TextFilter, TimeRangeFilter } from "../../components/list-filters";
import type { OrderFilterValues } from "../../lib/order-list";

const textFields = ["orderNo", "merchantOrderNo", "rechargeAccount", "productName", "batchId"] as const;

/** The order list's search form; its values become filters in the page's `onSearch` (`leading`: the console's). */
export function OrderFilters<Values extends OrderFilterValues>({
  formProps,
  leading,
}: {
  formProps: FormProps<Values>;
  leading?: ReactNode;
}) {
  const { t } = useTranslation();
  const label = (field: string) => t(`order.fields.${field}`);
  return (
    <FilterForm formProps={formProps} labelWidth="11em">
      {leading}
      {textFields.map((field) => (
        <TextFilter
          key={field}
          name={field}
          label={label(field)}
          schema={orderListQuery.shape[field]}
          placeholder={field === "rechargeAccount" ? t("order.filters.rechargeAccountPlaceholder") : undefined}
        />
      ))}
      <EnumFilter name="status" label={label("status")} values={orderStatuses} enumKey="orderStatus" />
      <EnumFilter name="source" label={label("source")} values={orderSources} enumKey="orderSource" />
      <TimeRangeFilter name="createTime" label={label("createTime")} />
    </FilterForm>
  );
}
