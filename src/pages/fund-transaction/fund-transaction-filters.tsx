import { Col, Form, type FormProps, Input, Row, Select } from "antd";
import { useTranslation } from "react-i18next";
import { ledgerEntryTypes, ledgerListQuery } from "../../../server/src/contracts/funds";
import { FILTER_CELL, FilterButtons, TimeRangeFilter } from "../../components/list-filters";
import type { LedgerFilterValues } from "../../lib/funds";
import { zodRule } from "../../lib/zod-rule";

/** Funds Details' search form; its values become filters in the page's `onSearch`. */
export function FundTransactionFilters({ formProps }: { formProps: FormProps<LedgerFilterValues> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LedgerFilterValues>(formProps.form);
  const reset = () => {
    form.resetFields();
    form.submit();
  };
  return (
    <Form<LedgerFilterValues> {...formProps} form={form} labelCol={{ flex: "9em" }}>
      <Row gutter={16}>
        <Col {...FILTER_CELL}>
          <Form.Item name="type" label={t("funds.fields.type")}>
            <Select
              allowClear
              placeholder={t("common.filters.any")}
              options={ledgerEntryTypes.map((v) => ({ value: v, label: t(`enums.ledgerType.${v}`) }))}
            />
          </Form.Item>
        </Col>
        {(["orderNo", "fundNo"] as const).map((field) => (
          <Col key={field} {...FILTER_CELL}>
            <Form.Item
              name={field}
              label={t(`funds.fields.${field}`)}
              rules={[zodRule(ledgerListQuery.shape[field], t)]}
            >
              <Input allowClear />
            </Form.Item>
          </Col>
        ))}
        <TimeRangeFilter name="time" label={t("funds.fields.time")} />
        <FilterButtons onReset={reset} />
      </Row>
    </Form>
  );
}
