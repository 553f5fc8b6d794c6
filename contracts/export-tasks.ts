import { z } from "zod";

export const exportTypes = ["product", "order", "transaction"] as const;
export type ExportType = (typeof exportTypes)[number];

/** 0 queued, 1 processing, 2 completed, 3 terminated, 4 exception (spec §4). */
export const ExportStatus = { queued: 0, processing: 1, completed: 2, terminated: 3, exception: 4 } as const;
export type ExportStatusCode = (typeof ExportStatus)[keyof typeof ExportStatus];

export const exportTask = z.object({
  id: z.number(),
  type: z.enum(exportTypes),
  status: z.number(),
  processed: z.number(),
  total: z.number(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
  error: z.string().nullable(),
});
export type ExportTask = z.infer<typeof exportTask>;

/** An IANA time zone name the runtime knows ("Asia/Shanghai"): export times are written in it. */
export const timeZoneName = z
  .string("validation.invalidType")
  .trim()
  .max(64, "validation.tooLong")
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "validation.timeZone");

/** What an export call takes besides its list's filters. */
export const exportOptions = z.object({ timeZone: timeZoneName.optional() });
