import { Button, Col, DatePicker, Form, type FormProps, Input, Row, Select, Space } from "antd";
import { useTranslation } from "react-i18next";
import { ledgerEntryTypes, ledgerListQuery } from "../../../server/src/contracts/funds";
import { DATE_TIME_FORMAT } from "../../lib/date-format";
import type { LedgerFilterValues } from "../../lib/funds";
import { zodRule } from "../../lib/zod-rule";

const cell = { xs: 24, sm: 12, lg: 8, xxl: 6 } as const;

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
        <Col {...cell}>
          <Form.Item name="type" label={t("funds.fields.type")}>
            <Select
              allowClear
              placeholder={t("funds.filters.any")}
              options={ledgerEntryTypes.map((v) => ({ value: v, label: t(`enums.ledgerType.${v}`) }))}
            />
          </Form.Item>
        </Col>
        {(["orderNo", "fundNo"] as const).map((field) => (
          <Col key={field} {...cell}>
            <Form.Item
              name={field}
              label={t(`funds.fields.${field}`)}
              rules={[zodRule(ledgerListQuery.shape[field], t)]}
            >
              <Input allowClear />
            </Form.Item>
          </Col>
        ))}
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
