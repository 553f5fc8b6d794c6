import { Button, Col, DatePicker, Form, type FormProps, Input, Row, Select, Space } from "antd";
import { useTranslation } from "react-i18next";
import { depositListQuery, depositStatuses } from "../../../server/src/contracts/funds";
import { DATE_TIME_FORMAT } from "../../lib/date-format";
import type { DepositFilterValues } from "../../lib/funds";
import { zodRule } from "../../lib/zod-rule";

const cell = { xs: 24, sm: 12, lg: 8, xxl: 6 } as const;

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
        <Col {...cell}>
          <Form.Item name="status" label={t("funds.fields.status")}>
            <Select
              allowClear
              placeholder={t("funds.filters.any")}
              options={depositStatuses.map((v) => ({ value: v, label: t(`enums.depositStatus.${v}`) }))}
            />
          </Form.Item>
        </Col>
        <Col {...cell}>
          <Form.Item
            name="referenceNo"
            label={t("funds.fields.referenceNo")}
            rules={[zodRule(depositListQuery.shape.referenceNo, t)]}
          >
            <Input allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} lg={16} xxl={12}>
          <Form.Item name="time" label={t("funds.fields.time")}>
            <DatePicker.RangePicker
              showTime
              allowEmpty={[true, true]}
              format={DATE_TIME_FORMAT}
              placeholder={[t("funds.filters.startTime"), t("funds.filters.endTime")]}
              style={{ width: "100%" }}
            />
          </Form.Item>
        </Col>
        <Col flex="auto">
          <Space style={{ display: "flex", justifyContent: "flex-end" }}>
            <Button onClick={reset}>{t("funds.filters.reset")}</Button>
            <Button type="primary" htmlType="submit">
              {t("funds.filters.search")}
            </Button>
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
