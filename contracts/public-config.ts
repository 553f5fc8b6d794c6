import { z } from "zod";
import { defineCall } from "./calls";

/** What the browser needs before anyone signs in (served by `GET /portal/merchant/api/public/config`). */
export const publicConfig = z.object({
  productName: z.string(),
  chatWidget: z
    .object({
      scriptUrl: z.string(),
      /** Passed to the widget as `window.chatWidgetSettings` before its script loads. */
      settings: z.record(z.string(), z.string()),
    })
    .nullable(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

export const PRODUCT_NAME = "Merchant Portal";

/**
 * The folders the server writes, by role: the data folder (the embedded database, its lock and the operator CLI's
 * socket; checked on the embedded database only), uploaded files (DATA_DIR/files) and export files (its exports/).
 */
export const storageFolderRoles = ["data", "files", "exports"] as const;
export type StorageFolderRole = (typeof storageFolderRoles)[number];

/** The server's health, for monitors and load balancers: any problem makes the answer a 503 with the same body. */
export const health = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({
    engine: z.enum(["pglite", "postgres"]),
    status: z.enum(["up", "down"]),
    latencyMs: z.number().nullable(),
  }),
  /**
   * The folders the server writes: a full or read-only disk shows here. `status` is "unwritable" when any folder
   * is not "writable"; the answer's message names the first one by its role.
   */
  storage: z.object({
    status: z.enum(["writable", "unwritable"]),
    folders: z.array(
      z.object({
        role: z.enum(storageFolderRoles),
        /** "full": writable, but below the space the embedded database keeps in reserve, so changes are refused. */
        status: z.enum(["writable", "full", "unwritable"]),
      }),
    ),
  }),
  /** "overloaded" while the server answers other calls 503 (plugins/overload). */
  load: z.object({ status: z.enum(["ok", "overloaded"]) }),
});
export type Health = z.infer<typeof health>;

export const systemCalls = {
  health: defineCall({
    method: "GET",
    path: "/health",
    access: "public",
    reportsOverload: true,
    tag: "system",
    answer: health,
  }),
  /** docs/open-api.md as a web page, for the developers of merchants' servers (API Settings links to it). */
  openApiReference: defineCall({
    method: "GET",
    path: "/reference/open-api",
    access: "public",
    tag: "system",
  }),
  publicConfig: defineCall({
    method: "GET",
    path: "/merchant/api/public/config",
    access: "public",
    tag: "system",
    answer: publicConfig,
  }),
};
