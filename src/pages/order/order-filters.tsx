import { Button, Col, DatePicker, Form, type FormProps, Input, Row, Select, Space } from "antd";
import { useTranslation } from "react-i18next";
import { orderListQuery, orderSources, orderStatuses } from "../../../server/src/contracts/orders";
import { DATE_TIME_FORMAT } from "../../lib/date-format";
import { emptyOrderFilters, type OrderFilterValues } from "../../lib/order-list";
import { zodRule } from "../../lib/zod-rule";

const textFields = ["orderNo", "merchantOrderNo", "productName", "batchId"] as const;
const cell = { xs: 24, sm: 12, lg: 8, xxl: 6 } as const;

/** The order list's search form; its values become filters in the page's `onSearch`. */
export function OrderFilters({ formProps }: { formProps: FormProps<OrderFilterValues> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrderFilterValues>(formProps.form);
  const label = (field: string) => t(`order.fields.${field}`);
  const reset = () => {
    // Not resetFields(): the initial values may hold the batch id the page was opened with.
    form.setFieldsValue(emptyOrderFilters);
    form.submit();
  };
  return (
    <Form<OrderFilterValues> {...formProps} form={form} labelCol={{ flex: "11em" }}>
      <Row gutter={16}>
        {textFields.map((field) => (
          <Col key={field} {...cell}>
            <Form.Item name={field} label={label(field)} rules={[zodRule(orderListQuery.shape[field], t)]}>
              <Input allowClear />
            </Form.Item>
          </Col>
        ))}
        <Col {...cell}>
          <Form.Item name="status" label={label("status")}>
            <Select
              allowClear
              placeholder={t("order.filters.any")}
              options={orderStatuses.map((s) => ({ value: s, label: t(`enums.orderStatus.${s}`) }))}
            />
          </Form.Item>
        </Col>
        <Col {...cell}>
          <Form.Item name="source" label={label("source")}>
            <Select
              allowClear
              placeholder={t("order.filters.any")}
              options={orderSources.map((s) => ({ value: s, label: t(`enums.orderSource.${s}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={16} xxl={12}>
          <Form.Item name="createTime" label={label("createTime")}>
            <DatePicker.RangePicker
              showTime
              allowEmpty={[true, true]}
              format={DATE_TIME_FORMAT}
              placeholder={[t("order.filters.startTime"), t("order.filters.endTime")]}
              style={{ width: "100%" }}
            />
          </Form.Item>
        </Col>
        <Col flex="auto">
          <Space style={{ display: "flex", justifyContent: "flex-end" }}>
            <Button onClick={reset}>{t("order.filters.reset")}</Button>
            <Button type="primary" htmlType="submit">
              {t("order.filters.search")}
            </Button>
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
