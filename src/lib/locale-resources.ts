/**
 * Turns the locale files (`/locales/<language>/<namespace>.json`) into i18next resources with one tree per
 * language: `menus.json` becomes the `menus.*` keys. The contracts' zod messages (`validation.usernameRequired`)
 * and the server's `errors.*` keys then translate as they are.
 */
export type Catalog = Record<string, unknown>;
export type LocaleResources = Record<string, { translation: Record<string, Catalog> }>;

export function buildLocaleResources(modules: Record<string, unknown>): LocaleResources {
  const resources: LocaleResources = {};
  for (const [path, module] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language = "", namespace = ""] = match;
    const catalog = (module as { default?: Catalog }).default ?? (module as Catalog);
    resources[language] ??= { translation: {} };
    resources[language].translation[namespace] = catalog;
  }
  return resources;
}
