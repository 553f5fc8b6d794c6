import { Col, Form, type FormProps, Input, Row, Select } from "antd";
import { useTranslation } from "react-i18next";
import { orderListQuery, orderSources, orderStatuses } from "../../../server/src/contracts/orders";
import { FILTER_CELL, FilterButtons, TimeRangeFilter } from "../../components/list-filters";
import { emptyOrderFilters, type OrderFilterValues } from "../../lib/order-list";
import { zodRule } from "../../lib/zod-rule";

const textFields = ["orderNo", "merchantOrderNo", "productName", "batchId"] as const;

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
          <Col key={field} {...FILTER_CELL}>
            <Form.Item name={field} label={label(field)} rules={[zodRule(orderListQuery.shape[field], t)]}>
              <Input allowClear />
            </Form.Item>
          </Col>
        ))}
        <Col {...FILTER_CELL}>
          <Form.Item name="status" label={label("status")}>
            <Select
              allowClear
              placeholder={t("common.filters.any")}
              options={orderStatuses.map((s) => ({ value: s, label: t(`enums.orderStatus.${s}`) }))}
            />
          </Form.Item>
        </Col>
        <Col {...FILTER_CELL}>
          <Form.Item name="source" label={label("source")}>
            <Select
              allowClear
              placeholder={t("common.filters.any")}
              options={orderSources.map((s) => ({ value: s, label: t(`enums.orderSource.${s}`) }))}
            />
          </Form.Item>
        </Col>
        <TimeRangeFilter name="createTime" label={label("createTime")} />
        <FilterButtons onReset={reset} />
      </Row>
    </Form>
  );
}
