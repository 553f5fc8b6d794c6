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
