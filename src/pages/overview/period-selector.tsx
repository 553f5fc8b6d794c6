import { DatePicker, Flex, Segmented } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OVERVIEW_MAX_DAYS } from "#contracts";
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
  return (
    <Flex wrap gap="small">
      <Segmented<Preset | "range">
        aria-label={t("overview.period.label")}
        // On a phone the four choices may not fit: they scroll inside their own box, never the page.
        style={{ minWidth: 0, maxWidth: "100%", overflowX: "auto" }}
        value={preset}
        onChange={(value) => onChange(value, value === "range" ? period : lastDays(value))}
        options={[
          ...presets.map((days) => ({ value: days, label: t(`overview.period.last${days}`) })),
          { value: "range" as const, label: t("overview.period.range") },
        ]}
      />
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
