// First: without this patch antd's static message/notification render nothing under React 19.
import "@ant-design/v5-patch-for-react-19";
// antd's component styles, made at build time (vite.config.ts): loaded before the app runs, so antd reuses them.
import "virtual:antd-styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import type { Language } from "#contracts";
import { App } from "./App";
import type { Catalog } from "./lib/locale-resources";
import { startFirstScreenCalls } from "./providers/first-screen-calls";
import { startI18n } from "./providers/i18n-provider";
import { getToken } from "./providers/token-storage";
import { preloadPage } from "./resources";

/**
 * With a session, what the first screen waits for starts at once and side by side with the app's code: the page's
 * code, the user info and the reads the screen will make. Left to the render, each would start only when the one
 * before it had arrived. (The server's HTML already named the app's files and the page's, so their download began
 * with the HTML: server/src/plugins/page-preloads.ts.)
 */
function startFirstScreen(): void {
  preloadPage(window.location.pathname);
  if (getToken()) startFirstScreenCalls(window.location.pathname, window.location.search);
}

/** The whole app (antd, Refine, every page): everything but the signed-out /login. */
export function startApp(root: HTMLElement, language: Language, catalogs: Record<string, Catalog>): void {
  startFirstScreen();
  startI18n(language, catalogs);
  const app = createRoot(root);
  // A transition: React renders the first screen in slices, yielding to the browser between them, instead of one
  // long task that holds every tap and key (Lighthouse's blocking time) until the whole tree is built.
  startTransition(() =>
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
