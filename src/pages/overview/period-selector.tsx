import { DatePicker, Flex, Segmented, Select } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OVERVIEW_MAX_DAYS } from "#contracts";
import { useCompactList } from "../../components/column-chooser";
import { DEFAULT_PRESET, lastDays, type Period, type Preset, periodOf, presets } from "./overview-period";

/** A figures page's chosen period (the last DEFAULT_PRESET days at first), spread into its PeriodSelector. */
export function usePeriodChoice() {
  const [choice, setChoice] = useState<{ preset: Preset | "range"; period: Period }>(() => ({
    preset: DEFAULT_PRESET,
    period: lastDays(DEFAULT_PRESET),
  }));
  const onChange = (preset: Preset | "range", period: Period) => setChoice({ preset, period });
  return { ...choice, onChange };
}

/**
 * The period of a figures page (the merchant's Overview, the console's Statistics): the last 7, 30 or 90 days,
 * or a range of at most OVERVIEW_MAX_DAYS days ending today at the latest.
 */
export function PeriodSelector({
  preset,
  period,
  onChange,
}: {
  preset: Preset | "range";
  period: Period;
  onChange: (preset: Preset | "range", period: Period) => void;
}) {
  const { t } = useTranslation();
  const choices = {
    "aria-label": t("overview.period.label"),
    value: preset,
    onChange: (value: Preset | "range") => onChange(value, value === "range" ? period : lastDays(value)),
    options: [
      ...presets.map((days) => ({ value: days, label: t(`overview.period.last${days}`) })),
      { value: "range" as const, label: t("overview.period.range") },
    ],
  };
  return (
    <Flex wrap gap="small">
      {/* A phone has no room for the four choices side by side: they drop down from one field. */}
      {useCompactList() ? (
        <Select<Preset | "range"> {...choices} style={{ minWidth: 160 }} />
      ) : (
        <Segmented<Preset | "range"> {...choices} />
      )}
      {preset === "range" && (
        <DatePicker.RangePicker
          aria-label={t("overview.period.range")}
          allowClear={false}
          value={[dayjs(period.from), dayjs(period.to)]}
          disabledDate={(day, info) =>
            day.isAfter(dayjs(), "day") ||
            (info.from !== undefined && Math.abs(day.diff(info.from, "day")) >= OVERVIEW_MAX_DAYS)
          }
          onChange={(range) => {
            if (range?.[0] && range[1]) onChange("range", periodOf([range[0], range[1]]));
          }}
        />
      )}
    </Flex>
  );
}
