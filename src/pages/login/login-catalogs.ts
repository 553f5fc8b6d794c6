import type { Language } from "#contracts/language";
import { buildLocaleResources, type Catalog } from "../../lib/locale-resources";

/** The namespaces the sign-in page speaks: its own, the common words, the server's errors, the form rules. */
const catalogs = import.meta.glob<Catalog>("/locales/*/{login,common,errors,validation}.json", { import: "default" });

/** One language's catalogs, each its own small chunk: the sign-in page loads only the language it shows. */
export async function loadSignInCatalogs(language: Language): Promise<Record<string, Catalog>> {
  const entries = Object.entries(catalogs).filter(([path]) => path.startsWith(`/locales/${language}/`));
  const loaded = await Promise.all(entries.map(async ([path, load]) => [path, await load()] as const));
  return buildLocaleResources(Object.fromEntries(loaded))[language]?.translation ?? {};
}
