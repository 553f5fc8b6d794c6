import { z } from "zod";
import { defineCall, idParams } from "./calls";
import { pageOf, pageQuery } from "./envelope";
import { ledgerListQuery } from "./ledger";
import { orderListQuery } from "./order";
import { productListQuery } from "./product";
import { defineResource } from "./resource";

export const exportTypes = ["product", "order", "transaction"] as const;
export type ExportType = (typeof exportTypes)[number];

/** The file an export writes: an XLSX workbook (the default) or a UTF-8 CSV with the same columns. */
export const exportFormats = ["xlsx", "csv"] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** 0 queued, 1 processing, 2 completed, 3 terminated, 4 exception (spec §4). */
export const ExportStatus = { queued: 0, processing: 1, completed: 2, terminated: 3, exception: 4 } as const;
export type ExportStatusCode = (typeof ExportStatus)[keyof typeof ExportStatus];

export const exportTask = z.object({
  id: z.number(),
  type: z.enum(exportTypes),
  format: z.enum(exportFormats),
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

/** What an export call takes besides its list's filters: the reader's time zone and the file format. */
export const exportOptions = z.object({
  timeZone: timeZoneName.optional(),
  format: z.enum(exportFormats, "validation.option").default("xlsx"),
});

/** Spec §7: a GET with a list's filters creates an export task of that list; `data` is the new task's id. */
const exportOf = <const R extends "product" | "order" | "ledger", Q extends z.ZodObject>(
  name: string,
  resource: R,
  filters: Q,
) =>
  defineCall({
    method: "GET",
    path: `/merchant/export/${name}/detail`,
    access: { resource, action: "export" },
    changes: true,
    tag: "export",
    query: filters.extend(exportOptions.shape),
    answer: z.number(),
  });

/** The drawer downloads by posting a form (a plain browser download sends no Authorization header). */
export const exportDownloadForm = z.object({ Authorization: z.string().max(1000).optional() }).nullish();

/** The export call of each exportable list, keyed by the list's resource. */
export const exportListCalls = {
  product: exportOf("product", "product", productListQuery),
  order: exportOf("order", "order", orderListQuery),
  ledger: exportOf("transaction", "ledger", ledgerListQuery),
};
export type ExportableResource = keyof typeof exportListCalls;
/** The task type (and file) each exportable list makes. */
export const exportTypeOf: Record<ExportableResource, ExportType> = {
  product: "product",
  order: "order",
  ledger: "transaction",
};

export const exportTaskCalls = {
  list: defineCall({
    method: "GET",
    path: "/merchant/export/list",
    access: { resource: "export-task", action: "list" },
    tag: "export",
    query: pageQuery,
    answer: pageOf(exportTask),
  }),
  /** Signed in by the form's `Authorization` field (or the header): checked by the handler, not the guard. */
  download: defineCall({
    method: "POST",
    path: "/merchant/export/download/:id",
    access: "public",
    tag: "export",
    params: idParams,
    body: exportDownloadForm,
  }),
  /** The spec's "terminate": a running task stops, a finished one keeps its file. */
  terminate: defineCall({
    method: "PATCH",
    path: "/merchant/export/kill/:id",
    access: { resource: "export-task", action: "delete" },
    tag: "export",
    params: idParams,
    answer: z.null(),
  }),
  delete: defineCall({
    method: "DELETE",
    path: "/merchant/export/kill/:id",
    access: { resource: "export-task", action: "delete" },
    tag: "export",
    params: idParams,
    answer: z.null(),
  }),
};

export const exportTaskResource = defineResource({
  name: "export-task",
  path: "/export-task",
  sort: 0,
  icon: "export",
  hidden: true,
  access: { operator: ["list", "show", "create", "delete"], finance: ["list", "show", "create", "delete"] },
  // The spec's export calls: PATCH /kill/{id} terminates a task (its "update"), DELETE removes it.
  calls: { list: exportTaskCalls.list, update: exportTaskCalls.terminate, delete: exportTaskCalls.delete },
});
