import { Button, Col, DatePicker, Form, type FormProps, Input, Row, Select, Space } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { DATE_TIME_FORMAT } from "../lib/date-format";
import { zodRule } from "../lib/zod-rule";

/**
 * The pieces every list's search form is made of: the form with Reset / Search, a grid cell each, text filters
 * checked by the list query's own schema, enum selects, and a time range.
 */
const FILTER_CELL = { xs: 24, sm: 12, lg: 8, xxl: 6 } as const;

/**
 * A list's search form (Refine's `searchFormProps`); the page's `onSearch` turns its values into filters.
 * Reset clears every field and searches; `emptyValues` when the initial values are not empty (e.g. the orders
 * list opened with a batch id), so Reset does not bring them back.
 */
export function FilterForm<Values extends object>({
  formProps,
  labelWidth,
  emptyValues,
  children,
}: {
  formProps: FormProps<Values>;
  labelWidth: string;
  emptyValues?: Values;
  children: ReactNode;
}) {
  const [form] = Form.useForm<Values>(formProps.form);
  const reset = () => {
    if (emptyValues) form.setFieldsValue(emptyValues);
    else form.resetFields();
    form.submit();
  };
  return (
    <Form<Values> {...formProps} form={form} labelCol={{ flex: labelWidth }}>
      <Row gutter={16}>
        {children}
        <FilterButtons onReset={reset} />
      </Row>
    </Form>
  );
}

/** A text filter, validated in the browser by the same schema the server applies to that query field. */
export function TextFilter({ name, label, schema }: { name: string; label: string; schema: z.ZodType }) {
  const { t } = useTranslation();
  return (
    <Col {...FILTER_CELL}>
      <Form.Item name={name} label={label} rules={[zodRule(schema, t)]}>
        <Input allowClear />
      </Form.Item>
    </Col>
  );
}

/** One of an enum's values, labelled from `enums.<enumKey>.<value>` (the list's own labels); empty = any. */
export function EnumFilter({
  name,
  label,
  values,
  enumKey,
}: {
  name: string;
  label: string;
  values: readonly string[];
  enumKey: string;
}) {
  const { t } = useTranslation();
  return (
    <Col {...FILTER_CELL}>
      <Form.Item name={name} label={label}>
        <Select
          allowClear
          placeholder={t("common.filters.any")}
          options={values.map((value) => ({ value, label: t(`enums.${enumKey}.${value}`) }))}
        />
      </Form.Item>
    </Col>
  );
}

/** A start-end date-time range, either end optional; the page turns it into ISO `startTime` / `endTime`. */
export function TimeRangeFilter({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Col xs={24} lg={16} xxl={12}>
      <Form.Item name={name} label={label}>
        <DatePicker.RangePicker
          showTime
          allowEmpty={[true, true]}
          format={DATE_TIME_FORMAT}
          placeholder={[t("common.filters.startTime"), t("common.filters.endTime")]}
          style={{ width: "100%" }}
        />
      </Form.Item>
    </Col>
  );
}

function FilterButtons({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <Col flex="auto">
      <Space style={{ display: "flex", justifyContent: "flex-end" }}>
        <Button onClick={onReset}>{t("common.filters.reset")}</Button>
        <Button type="primary" htmlType="submit">
          {t("common.filters.search")}
        </Button>
      </Space>
    </Col>
  );
}
