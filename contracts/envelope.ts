import { z } from "zod";

/** Every `/portal` answer: `{ code, message, data }`, code 200 on success, otherwise the HTTP status. */
export const SUCCESS_CODE = 200;

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export interface Page<T> {
  total: number;
  list: T[];
  /** Set when `total` stopped counting at a cap (a list shows "10,000+"): exact counts of huge lists are slow. */
  totalCapped?: boolean;
}

/** Field errors of a validation failure: `{ "<field path>": "<translated message>" }`. */
export type FieldErrors = Record<string, string>;

/** The most rows one list answer may carry, unless a list declares its own ceiling: one answer stays small. */
export const MAX_PAGE_SIZE = 100;

/**
 * How many rows a list shows (and a list call answers when it names no `pageSize`), and the sizes a list's picker
 * offers. Declared here once: the server's default, the browser's lists and their addresses all read these.
 */
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_CHOICES: readonly number[] = [10, DEFAULT_PAGE_SIZE, 50, MAX_PAGE_SIZE];

/*
 * Pages that are not a list's, declared here too so that no page size is written anywhere else: the export
 * drawer's (spec §9: 25, 50 or 100, default 50), a batch's rows (its editing grid and its results, paged in the
 * browser), the options a picker offers at once (typing narrows them on the server), a short preview's.
 */
export const EXPORT_PAGE_SIZES = [25, 50, MAX_PAGE_SIZE] as const;
export const EXPORT_DEFAULT_PAGE_SIZE = 50;
export const BATCH_PAGE_SIZE = 50;
export const PICKER_PAGE_SIZE = 50;
export const PREVIEW_PAGE_SIZE = 10;

/** `pageNum`/`pageSize` with the list's own page-size ceiling (the browser's size pickers stop at MAX_PAGE_SIZE). */
export const pageQueryUpTo = (maxPageSize: number, message = "validation.pageSize") =>
  z.object({
    pageNum: z.coerce
      .number()
      .int("validation.integer")
      .min(1, "validation.pageNum")
      // Bounded so pageNum x pageSize stays a sane OFFSET.
      .max(10_000_000, "validation.pageNum")
      .default(1),
    pageSize: z.coerce
      .number()
      .int("validation.integer")
      .min(1, message)
      .max(maxPageSize, message)
      .default(Math.min(DEFAULT_PAGE_SIZE, maxPageSize)),
  });

export const pageQuery = pageQueryUpTo(MAX_PAGE_SIZE);
/** Spec §7 asks the member list with pageSize=999999 (one page holds a merchant's few members). */
export const MEMBER_LIST_PAGE_SIZE = 999999;
export const memberPageQuery = pageQueryUpTo(MEMBER_LIST_PAGE_SIZE, "validation.memberPageSize");
export type PageQuery = z.infer<typeof pageQuery>;

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), message: z.string(), data });
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number(), list: z.array(item), totalCapped: z.boolean().optional() });
}

/** One key of a list's `sort`: a field the list allows, ascending or descending. */
export interface SortKey<F extends string = string> {
  field: F;
  desc: boolean;
}

/**
 * `sort=field,-field` (a minus sorts descending), only by the fields a list names: each list sorts by columns
 * its indexes or its size make cheap, so an unknown or repeated field is refused (400), never ignored.
 */
export function sortQuery<const F extends string>(fields: readonly F[]) {
  const allowed = new Set<string>(fields);
  return z.object({
    sort: z
      .string("validation.invalidType")
      .max(200, "validation.tooLong")
      .optional()
      .transform((text, ctx): SortKey<F>[] => {
        const keys = (text ?? "")
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => ({ field: part.replace(/^-/, "") as F, desc: part.startsWith("-") }));
        const seen = new Set<string>();
        for (const key of keys) {
          if (!allowed.has(key.field) || seen.has(key.field)) {
            ctx.addIssue({ code: "custom", message: "validation.sortField" });
            return z.NEVER;
          }
          seen.add(key.field);
        }
        return keys;
      }),
  });
}
