import { CalendarOutlined, FilterOutlined } from "@ant-design/icons";
import { Button, Col, Form, type FormProps, Input, Row, Select, Space, theme } from "antd";
import { type ComponentProps, lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { zodRule } from "../lib/zod-rule";
import { useCompactList } from "./column-chooser";

/**
 * The pieces every list's search form is made of: the form with Reset / Search, a grid cell each, text filters
 * checked by the list query's own schema, enum selects, and a time range.
 */
export const FILTER_CELL = { xs: 24, sm: 12, lg: 8, xxl: 6 } as const;

/** Form values that filter something: a non-blank text or choice, a range with either end. */
const isActive = (value: unknown) =>
  Array.isArray(value) ? value.some(Boolean) : value !== undefined && value !== null && String(value).trim() !== "";

/**
 * A list's search form (Refine's `searchFormProps`); the page's `onSearch` turns its values into filters.
 * Reset empties every field (the initial values come from the address, so `resetFields` would bring them back)
 * and searches. On a phone the form folds behind a "Filters (n)" button counting the fields in use.
 */
export function FilterForm<Values extends object>({
  formProps,
  labelWidth,
  children,
}: {
  formProps: FormProps<Values>;
  labelWidth: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>(formProps.form);
  const compact = useCompactList();
  const [open, setOpen] = useState(false);
  const active =
    Form.useWatch((values: Record<string, unknown>) => Object.values(values ?? {}).filter(isActive).length, form) ?? 0;
  const reset = () => {
    const fields = Object.keys(form.getFieldsValue());
    form.setFieldsValue(Object.fromEntries(fields.map((name) => [name, undefined])) as never);
    form.submit();
  };
  return (
    <>
      {compact && (
        <Button
          icon={<FilterOutlined />}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          style={{ marginBottom: 12 }}
        >
          {active > 0 ? t("common.filters.toggleActive", { count: active }) : t("common.filters.toggle")}
        </Button>
      )}
      <div hidden={compact && !open}>
        <Form<Values> {...formProps} form={form} labelCol={{ flex: labelWidth }}>
          <Row gutter={16}>
            {children}
            <FilterButtons onReset={reset} />
          </Row>
        </Form>
      </div>
    </>
  );
}

/** A text filter, validated in the browser by the same schema the server applies to that query field. */
export function TextFilter({
  name,
  label,
  schema,
  placeholder,
}: {
  name: string;
  label: string;
  schema: z.ZodType;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  return (
    <Col {...FILTER_CELL}>
      <Form.Item name={name} label={label} rules={[zodRule(schema, t)]}>
        <Input allowClear placeholder={placeholder} />
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

const TimeRangePicker = lazy(() => import("./time-range-picker"));
type RangeValue = ComponentProps<typeof TimeRangePicker>["value"];

/** A start-end date-time range, either end optional; the page turns it into ISO `startTime` / `endTime`. */
export function TimeRangeFilter({ name, label }: { name: string; label: string }) {
  return (
    <Col xs={24} lg={16} xxl={12}>
      <Form.Item name={name} label={label}>
        <RangeOnDemand />
      </Form.Item>
    </Col>
  );
}

/**
 * The date picker is a fifth of antd and most visits to a list never open it: until the field is used (or has a
 * range to show), a plain box of the same size and words stands in, and the picker takes its place focused.
 */
function RangeOnDemand({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: RangeValue;
  onChange?: ComponentProps<typeof TimeRangePicker>["onChange"];
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const hasValue = Array.isArray(value) && value.some(Boolean);
  const [wanted, setWanted] = useState<"no" | "shown" | "focused">(hasValue ? "shown" : "no");
  if (hasValue && wanted === "no") setWanted("shown");
  const standIn = (
    <Input
      id={id}
      readOnly
      placeholder={`${t("common.filters.startTime")} → ${t("common.filters.endTime")}`}
      suffix={<CalendarOutlined aria-hidden style={{ color: token.colorTextQuaternary }} />}
      onFocus={() => setWanted("focused")}
      onPointerEnter={() => void import("./time-range-picker")}
    />
  );
  if (wanted === "no") return standIn;
  return (
    <Suspense fallback={standIn}>
      <TimeRangePicker id={id} value={value} onChange={onChange} opened={wanted === "focused"} />
    </Suspense>
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
