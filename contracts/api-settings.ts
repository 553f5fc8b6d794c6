import { z } from "zod";
import { defineCall } from "./calls";
import { pageOf, pageQuery } from "./envelope";
import { webUrl } from "./merchant-info";
import { keyTypes } from "./openapi";
import { defineResource } from "./resource";
import { environmentQuery } from "./sandbox";

/**
 * API Settings: the merchant's Open API application (its keys, addresses and IP whitelist, live or sandbox) and
 * the log of its requests. Served by server/src/modules/api-settings; the page also shows the delivery log
 * (delivery.ts) and the sandbox's balance (sandbox.ts). The Open API itself is in openapi.ts.
 */

// ---- IP whitelist: written the same way in the browser form and on the server (no Node modules here) ----

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIPv6(value: string): boolean {
  if (!value.includes(":") || !/^[0-9A-Fa-f:.]+$/.test(value)) return false;
  try {
    // The WHATWG URL parser validates IPv6 literals the same way in browsers and Node.
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** An IPv4 or IPv6 address, or a CIDR range of one. */
export function isIpOrCidr(entry: string): boolean {
  const [address = "", prefix, extra] = entry.split("/");
  if (extra !== undefined) return false;
  const v4 = IPV4.test(address);
  const v6 = !v4 && isIPv6(address);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

/** "1.2.3.4, 10.0.0.0/8" -> entries; empty -> []. */
export function splitWhitelist(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
}

export const MAX_WHITELIST_ENTRIES = 100;

export const ipWhitelistText = z
  .string("validation.invalidType")
  .max(8000, "validation.tooLong")
  .superRefine((text, ctx) => {
    const entries = splitWhitelist(text);
    if (entries.length > MAX_WHITELIST_ENTRIES)
      ctx.addIssue({ code: "custom", message: "validation.whitelistTooLong", input: text });
    const bad = entries.find((e) => !isIpOrCidr(e));
    if (bad) ctx.addIssue({ code: "custom", message: "validation.whitelistEntry", input: text });
  });

// ---- API settings (portal) ----

/** Positive decimal with up to 4 places, or empty for "no threshold". */
export const balanceThreshold = z
  .string("validation.invalidType")
  .trim()
  .regex(/^(\d{1,13}(\.\d{1,4})?)?$/, "validation.amount");

const requiredUrl = z.string("validation.urlRequired").trim().min(1, "validation.urlRequired").pipe(webUrl);

export const apiAppUpdate = z
  .object({
    keyType: z.enum(keyTypes, "validation.invalidType"),
    /** PEM of the merchant's RSA public key: required for RSA2 (the server checks it is RSA, 2048 bits or more). */
    merchantPublicKey: z.string("validation.invalidType").trim().max(4000, "validation.tooLong").default(""),
    callbackUrl: requiredUrl,
    notifyUrl: requiredUrl,
    /** Comma-separated addresses or CIDR ranges; empty = any address may call. */
    ipWhitelist: ipWhitelistText.default(""),
    lowBalanceThreshold: balanceThreshold.default(""),
  })
  .superRefine((v, ctx) => {
    if (v.keyType === "RSA2" && v.merchantPublicKey === "")
      ctx.addIssue({ code: "custom", path: ["merchantPublicKey"], message: "validation.publicKeyRequired", input: "" });
  });
export type ApiAppUpdate = z.input<typeof apiAppUpdate>;

export const apiApp = z.object({
  merchantNo: z.string(),
  appId: z.string(),
  keyType: z.enum(keyTypes),
  platformPublicKey: z.string(),
  platformKeySerial: z.number(),
  merchantPublicKey: z.string(),
  /** The secret's last characters behind a mask ("********a1b2"); empty when none was generated yet. */
  secretMasked: z.string(),
  secretCreateTime: z.string().nullable(),
  /** Until when the secret before the last rotation is still accepted (null: it no longer is). */
  previousSecretUntil: z.string().nullable(),
  callbackUrl: z.string(),
  notifyUrl: z.string(),
  /** Comma-separated, as the form edits it. */
  ipWhitelist: z.string(),
  lowBalanceThreshold: z.string(),
  /** The merchant's balance currency (the threshold's). */
  currency: z.string(),
  updateTime: z.string(),
});
export type ApiApp = z.infer<typeof apiApp>;

/** Answer of a secret rotation: the only time the secret is ever shown. */
export const apiSecret = z.object({ secret: z.string(), secretMasked: z.string(), secretCreateTime: z.string() });
export type ApiSecret = z.infer<typeof apiSecret>;

export const platformKey = z.object({ platformPublicKey: z.string(), platformKeySerial: z.number() });
export type PlatformKey = z.infer<typeof platformKey>;

/**
 * How long the previous platform key stays listed (GET /openapi/v1/keys) after a rotation, and signs every answer
 * and callback beside the new one (`x-previous-key-serial`, `x-previous-signature`).
 */
export const PLATFORM_KEY_OVERLAP_HOURS = 24;
/** The overlaps an admin may give the previous HMAC secret when rotating it. */
export const SECRET_OVERLAP_HOURS = [0, 1, 24, 168] as const;
/** Optional: a rotation without a body (null, as Fastify reads one) ends the old secret at once, as it always did. */
export const rotateSecretBody = z
  .object({ overlapHours: z.literal(SECRET_OVERLAP_HOURS, "validation.option").default(0) })
  .nullish();

// ---- Inbound request log ----

/** One Open API request of the merchant's AppID, as API Settings lists it: never a body or a signature. */
export const apiRequestEntry = z.object({
  id: z.number(),
  time: z.string(),
  appId: z.string(),
  method: z.string(),
  /** With its query. */
  path: z.string(),
  status: z.number(),
  errorCode: z.string().nullable(),
  latencyMs: z.number(),
  /** The answer's X-Request-Id. */
  requestId: z.string(),
});
export type ApiRequestEntry = z.infer<typeof apiRequestEntry>;

// ---- Calls ----

const apiSettings = (action: "show" | "list" | "edit") => ({ resource: "api-settings", action }) as const;
const APP = "/merchant/api/app";

/** API Settings (admin only): the merchant's Open API application, its keys and the log of its requests. */
export const apiSettingsCalls = {
  one: defineCall({
    method: "GET",
    path: APP,
    access: apiSettings("show"),
    tag: "api-settings",
    query: environmentQuery,
    answer: apiApp,
  }),
  update: defineCall({
    method: "PUT",
    path: APP,
    access: apiSettings("edit"),
    tag: "api-settings",
    query: environmentQuery,
    body: apiAppUpdate,
    answer: apiApp,
  }),
  /** The only answer that ever carries the secret; a new secret is access to the merchant's money (step-up). */
  /** A new secret; the previous one keeps working for the overlap chosen (0: stops at once). */
  rotateSecret: defineCall({
    method: "POST",
    path: `${APP}/secret`,
    access: apiSettings("edit"),
    stepUp: true,
    tag: "api-settings",
    query: environmentQuery,
    body: rotateSecretBody,
    answer: apiSecret,
  }),
  /** Ends the previous secret's overlap now. */
  revokePreviousSecret: defineCall({
    method: "POST",
    path: `${APP}/secret/revoke-previous`,
    access: apiSettings("edit"),
    stepUp: true,
    tag: "api-settings",
    query: environmentQuery,
    answer: apiApp,
  }),
  rotateKey: defineCall({
    method: "POST",
    path: `${APP}/keys`,
    access: apiSettings("edit"),
    stepUp: true,
    tag: "api-settings",
    query: environmentQuery,
    answer: platformKey,
  }),
  /** The AppID's recent Open API requests (7 days), newest first. */
  requests: defineCall({
    method: "GET",
    path: `${APP}/requests`,
    access: apiSettings("list"),
    tag: "api-settings",
    query: pageQuery.extend(environmentQuery.shape),
    answer: pageOf(apiRequestEntry),
  }),
};

export const apiSettingsResource = defineResource({
  name: "api-settings",
  parent: "merchant-setting",
  path: "/merchant-setting/merchant-development",
  singleton: true,
  sort: 20,
  icon: "api",
  access: {},
  calls: apiSettingsCalls,
});
