import dayjs, { type Dayjs } from "dayjs";

/** The quick choices of the period selector: the last N days, today included. */
export const presets = [7, 30, 90] as const;
export type Preset = (typeof presets)[number];
export const DEFAULT_PRESET: Preset = 30;

export interface Period {
  from: string;
  to: string;
}

const DATE = "YYYY-MM-DD";

/** The last `days` local days, today included. */
export function lastDays(days: number, today: Dayjs = dayjs()): Period {
  return { from: today.subtract(days - 1, "day").format(DATE), to: today.format(DATE) };
}

export const periodOf = ([from, to]: [Dayjs, Dayjs]): Period => ({ from: from.format(DATE), to: to.format(DATE) });

/** The reader's IANA zone: the server cuts days at its midnights (daylight saving included). */
export const readerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
