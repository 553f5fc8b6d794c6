import { loadAppCatalogs } from "./lib/catalogs";
import { startsOnSignIn } from "./lib/entry-route";
import { detectLanguage } from "./lib/language";
import { storageKeys } from "./lib/storage-keys";
import { loadSignInCatalogs } from "./pages/login/login-catalogs";
import { getToken } from "./providers/token-storage";

/**
 * A small switch: the signed-out /login gets the light sign-in page (React and i18next, a tenth of the app), every
 * other address the full app. Each is its own chunk, so neither page pays for the other.
 */
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const language = detectLanguage(localStorage.getItem(storageKeys.language), navigator.language);
// Each page and the texts of its language load side by side.
if (startsOnSignIn(window.location.pathname, getToken())) {
  void Promise.all([import("./pages/login/start-login"), loadSignInCatalogs(language)]).then(([page, catalogs]) =>
    page.startLogin(root, language, catalogs),
  );
} else {
  void Promise.all([import("./full-app"), loadAppCatalogs(language)]).then(([app, catalogs]) =>
    app.startApp(root, language, catalogs),
  );
}
