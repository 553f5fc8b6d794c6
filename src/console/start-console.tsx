// First: without this patch antd's static message/notification render nothing under React 19.
import "@ant-design/v5-patch-for-react-19";
// antd's component styles, made at build time (vite.config.ts): loaded before the console runs.
import "virtual:antd-styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import type { Language } from "#contracts";
import { loadConsoleCatalogs } from "../lib/catalogs";
import type { Catalog } from "../lib/locale-resources";
import { startI18n } from "../providers/i18n-provider";
import { consoleTokens } from "../providers/token-storage";
import { ConsoleApp } from "./console-app";
import { loadStaffInfo } from "./console-session";

/** The console: every /console address but its signed-out sign-in page (main.tsx). */
export function startConsole(root: HTMLElement, language: Language, catalogs: Record<string, Catalog>): void {
  // With a session, the staff member's info starts at once, beside the console's code.
  if (consoleTokens.get()) void loadStaffInfo().catch(() => undefined);
  startI18n(language, catalogs, loadConsoleCatalogs);
  createRoot(root).render(
    <StrictMode>
      <ConsoleApp />
    </StrictMode>,
  );
}
