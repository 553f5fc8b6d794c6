import dayjs from "dayjs";

/** The spec's yyyy-MM-dd HH:mm:ss in the viewer's time zone. */
export const DATE_TIME_FORMAT = "YYYY-MM-DD HH:mm:ss";

/** An ISO date-time for display, or "-" when it is empty or not a date. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "-";
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(DATE_TIME_FORMAT) : "-";
}
