import { DatePicker } from "antd";
import type { RangePickerProps } from "antd/es/date-picker";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DATE_TIME_FORMAT } from "../lib/date-format";

/** Quick ranges, computed when the picker opens (a page left open overnight still means today). */
function rangePresets(t: (key: string) => string) {
  const now = dayjs();
  const day = (offset: number) => now.add(offset, "day");
  return [
    { label: t("common.filters.presets.today"), value: [now.startOf("day"), now.endOf("day")] },
    { label: t("common.filters.presets.yesterday"), value: [day(-1).startOf("day"), day(-1).endOf("day")] },
    { label: t("common.filters.presets.last7Days"), value: [day(-6).startOf("day"), now.endOf("day")] },
    { label: t("common.filters.presets.thisMonth"), value: [now.startOf("month"), now.endOf("month")] },
  ] as { label: string; value: [dayjs.Dayjs, dayjs.Dayjs] }[];
}

/**
 * A list filter's start-end date-time range, either end optional (list-filters.tsx): antd's date picker, a chunk
 * of its own, loaded when the filter is first used or has a value to show.
 */
export default function TimeRangePicker({
  opened,
  ...props
}: Pick<RangePickerProps, "id" | "value" | "onChange"> & { opened?: boolean }) {
  const { t } = useTranslation();
  const [presets, setPresets] = useState(() => rangePresets(t));
  return (
    <DatePicker.RangePicker
      {...props}
      // Taking the place of the box the user just went to: focused and open, as the picker is when focused.
      autoFocus={opened}
      defaultOpen={opened}
      showTime
      allowEmpty={[true, true]}
      presets={presets}
      onOpenChange={(open) => open && setPresets(rangePresets(t))}
      format={DATE_TIME_FORMAT}
      placeholder={[t("common.filters.startTime"), t("common.filters.endTime")]}
      style={{ width: "100%" }}
    />
  );
}
