import { z } from "zod";

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
