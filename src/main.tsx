import { loadAppCatalogs, loadConsoleCatalogs } from "./lib/catalogs";
import { entryOf } from "./lib/entry-route";
import { detectLanguage } from "./lib/language";
import { storageKeys } from "./lib/storage-keys";
import { loadSignInCatalogs } from "./pages/login/login-catalogs";
import { consoleTokens, getToken } from "./providers/token-storage";

/**
 * A small switch: the signed-out sign-in pages get the light sign-in page (React and i18next, a tenth of the app),
 * /console the reseller's console, every other address the merchant portal. Each is its own chunk, so no page
 * pays for another.
 */
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const language = detectLanguage(localStorage.getItem(storageKeys.language), navigator.language);
const entry = entryOf(window.location.pathname, { merchant: getToken(), console: consoleTokens.get() });
// Each page and the texts of its language load side by side.
if (entry === "signIn" || entry === "consoleSignIn") {
  void Promise.all([import("./pages/login/start-login"), loadSignInCatalogs(language)]).then(([page, catalogs]) =>
    page.startLogin(root, entry === "consoleSignIn" ? "console" : "merchant", language, catalogs),
  );
} else if (entry === "console") {
  void Promise.all([import("./console/start-console"), loadConsoleCatalogs(language)]).then(([app, catalogs]) =>
    app.startConsole(root, language, catalogs),
  );
} else {
  void Promise.all([import("./full-app"), loadAppCatalogs(language)]).then(([app, catalogs]) =>
    app.startApp(root, language, catalogs),
  );
}
