import { Button, Col, DatePicker, Form, Space } from "antd";
import { useTranslation } from "react-i18next";
import { DATE_TIME_FORMAT } from "../lib/date-format";

/** The pieces every list's search form shares: its grid cell, a time range, and Reset / Search. */
export const FILTER_CELL = { xs: 24, sm: 12, lg: 8, xxl: 6 } as const;

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

export function FilterButtons({ onReset }: { onReset: () => void }) {
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
