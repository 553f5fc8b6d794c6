import type { Language } from "#contracts/language";
import { buildLocaleResources, type Catalog } from "./locale-resources";

type CatalogFiles = Record<string, () => Promise<Catalog>>;

/** One language's catalogs out of a lazy glob of `/locales/<language>/<namespace>.json`, as one i18next tree. */
export async function loadCatalogs(files: CatalogFiles, language: Language): Promise<Record<string, Catalog>> {
  const entries = Object.entries(files).filter(([path]) => path.startsWith(`/locales/${language}/`));
  const loaded = await Promise.all(entries.map(async ([path, load]) => [path, await load()] as const));
  return buildLocaleResources(Object.fromEntries(loaded))[language]?.translation ?? {};
}

/**
 * Every catalog of one language: the app loads only the language it shows (the build puts each language's
 * catalogs in a chunk of their own, vite.config.ts), and the other one when the user switches. The merchant
 * portal leaves the console's texts out (`console.json`, what all its areas share, and each area's
 * `console-<area>.json`); the console loads them beside the rest.
 */
const appCatalogs = import.meta.glob<Catalog>(
  ["/locales/*/*.json", "!/locales/*/console.json", "!/locales/*/console-*.json"],
  { import: "default" },
);
const consoleTexts = import.meta.glob<Catalog>(["/locales/*/console.json", "/locales/*/console-*.json"], {
  import: "default",
});
export const loadAppCatalogs = (language: Language) => loadCatalogs(appCatalogs, language);
export const loadConsoleCatalogs = (language: Language) => loadCatalogs({ ...appCatalogs, ...consoleTexts }, language);
export type CatalogLoader = typeof loadAppCatalogs;
