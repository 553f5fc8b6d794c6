import type { Language } from "#contracts/language";
import { loadCatalogs } from "../../lib/catalogs";
import type { Catalog } from "../../lib/locale-resources";

/** The namespaces the sign-in page speaks: its own, the common words, the server's errors, the form rules. */
const catalogs = import.meta.glob<Catalog>("/locales/*/{login,common,errors,validation}.json", { import: "default" });

/** One language's catalogs, each its own small chunk: the sign-in page loads only the language it shows. */
export const loadSignInCatalogs = (language: Language) => loadCatalogs(catalogs, language);
