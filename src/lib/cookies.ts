/** Minimal cookie helpers (values are URI-encoded; every cookie is site-wide and same-site). */
export function readCookie(name: string, source: string = document.cookie): string | undefined {
  for (const part of source.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/** Writes a cookie; without `days` it is a session cookie, gone when the browser closes. */
export function writeCookie(name: string, value: string, days?: number): void {
  const expires = days === undefined ? "" : `; expires=${new Date(Date.now() + days * 86_400_000).toUTCString()}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser yet.
  document.cookie = `${name}=${encodeURIComponent(value)}${expires}; path=/; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser yet.
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}
