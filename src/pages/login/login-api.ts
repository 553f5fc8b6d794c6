/**
 * The sign-in page's two calls, with fetch alone rather than the app's http client (its toasts, prompts and
 * step-up) so the page stays light. The paths and the default product name repeat the contracts'
 * (tests/unit/login-api.test.ts checks they agree): importing them would bring zod and every contract along.
 */
export const LOGIN_URL = "/portal/merchant/api/login";
export const PUBLIC_CONFIG_URL = "/portal/merchant/api/public/config";
export const USER_INFO_URL = "/portal/merchant/api/logged/info";
export const CONSOLE_LOGIN_URL = "/portal/console/api/login";
export const CONSOLE_ME_URL = "/portal/console/api/me";
export const DEFAULT_PRODUCT_NAME = "Merchant Portal";
const SUCCESS_CODE = 200;

export type Answer<T> = { ok: true; data: T } | { ok: false; message: string; errors?: Record<string, string> };

/**
 * What an answer means, as lib/http-outcome decides for the app: the envelope, not the HTTP status, says whether
 * the call worked; a failure without a message (or without an envelope) says `unknownText`.
 */
export function readAnswer<T>(body: unknown, unknownText: string): Answer<T> {
  if (typeof body !== "object" || body === null || typeof (body as { code?: unknown }).code !== "number")
    return { ok: false, message: unknownText };
  const { code, message, data } = body as { code: number; message?: unknown; data?: unknown };
  if (code === SUCCESS_CODE) return { ok: true, data: data as T };
  const text = typeof message === "string" && message.trim() !== "" ? message : unknownText;
  const errors = (data as { errors?: unknown } | null | undefined)?.errors;
  const fieldErrors =
    typeof errors === "object" && errors !== null
      ? Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === "string"))
      : {};
  return Object.keys(fieldErrors).length > 0
    ? { ok: false, message: text, errors: fieldErrors }
    : { ok: false, message: text };
}

async function send<T>(url: string, init: RequestInit, language: string, unknownText: string): Promise<Answer<T>> {
  try {
    const response = await fetch(url, { ...init, headers: { ...init.headers, "Accept-Language": language } });
    const body: unknown = await response.json().catch(() => null);
    return readAnswer<T>(body, unknownText);
  } catch (error) {
    // No answer at all (network down): the transport's own words, as the app's client shows them.
    const text = error instanceof Error && error.message.trim() ? error.message : unknownText;
    return { ok: false, message: text };
  }
}

export function postLogin(url: string, body: Record<string, string>, language: string, unknownText: string) {
  return send<{ tokenHead: string; token: string }>(
    url,
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
    language,
    unknownText,
  );
}

/** The signed-in user, for their landing page (the rest of it is the app's). */
export function getUserInfo(url: string, token: string, language: string, unknownText: string) {
  return send<Record<string, unknown>>(
    url,
    { method: "GET", headers: { Authorization: token } },
    language,
    unknownText,
  );
}

export function getPublicConfig(language: string) {
  return send<{ productName: string; chatWidget: { scriptUrl: string; settings: Record<string, string> } | null }>(
    PUBLIC_CONFIG_URL,
    { method: "GET" },
    language,
    "",
  );
}
