import { z } from "zod";

/** The years a date in this product can have: the database stores no year 0 and nothing needs 10000. */
export const YEAR_RANGE = { min: 1970, max: 9999 } as const;

/**
 * An ISO 8601 date-time with an offset, between YEAR_RANGE's years (an out-of-range year reached the database
 * as a 500 before). `message` names what the field expected.
 */
export const isoDateTime = (message = "validation.dateTime") =>
  z.iso.datetime({ offset: true, message }).refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= YEAR_RANGE.min && year <= YEAR_RANGE.max;
  }, "validation.dateRange");
