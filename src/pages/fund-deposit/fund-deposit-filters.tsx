import { Col, Form, type FormProps, Input, Row, Select } from "antd";
import { useTranslation } from "react-i18next";
import { depositListQuery, depositStatuses } from "../../../server/src/contracts/funds";
import { FILTER_CELL, FilterButtons, TimeRangeFilter } from "../../components/list-filters";
import type { DepositFilterValues } from "../../lib/funds";
import { zodRule } from "../../lib/zod-rule";

/** Recharge History's search form; its values become filters in the page's `onSearch`. */
export function FundDepositFilters({ formProps }: { formProps: FormProps<DepositFilterValues> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DepositFilterValues>(formProps.form);
  const reset = () => {
    form.resetFields();
    form.submit();
  };
  return (
    <Form<DepositFilterValues> {...formProps} form={form} labelCol={{ flex: "9em" }}>
      <Row gutter={16}>
        <Col {...FILTER_CELL}>
          <Form.Item name="status" label={t("funds.fields.status")}>
            <Select
              allowClear
              placeholder={t("common.filters.any")}
              options={depositStatuses.map((v) => ({ value: v, label: t(`enums.depositStatus.${v}`) }))}
            />
          </Form.Item>
        </Col>
        <Col {...FILTER_CELL}>
          <Form.Item
            name="referenceNo"
            label={t("funds.fields.referenceNo")}
            rules={[zodRule(depositListQuery.shape.referenceNo, t)]}
          >
            <Input allowClear />
          </Form.Item>
        </Col>
        <TimeRangeFilter name="time" label={t("funds.fields.time")} />
        <FilterButtons onReset={reset} />
      </Row>
    </Form>
  );
}
