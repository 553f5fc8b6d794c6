import { apiPath } from "../../resources";

/** The calls of API Settings beside the record itself (read and saved through the data provider). */
const base = apiPath("api-settings", "list");

export const apiSettingsCalls = {
  secret: `${base}/secret`,
  keys: `${base}/keys`,
  deliveries: `${base}/deliveries`,
  resend: (id: number) => `${base}/deliveries/${encodeURIComponent(String(id))}/resend`,
  attempts: (id: number) => `${base}/deliveries/${encodeURIComponent(String(id))}/attempts`,
} as const;
