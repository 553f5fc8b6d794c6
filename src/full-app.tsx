// First: without this patch antd's static message/notification render nothing under React 19.
import "@ant-design/v5-patch-for-react-19";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";

/** The whole app (antd, Refine, every page): everything but the signed-out /login. */
export function startApp(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
