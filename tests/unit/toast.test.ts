import { unstableSetRender } from "antd/es/config-provider/UnstableContext";
import { createRoot } from "react-dom/client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { message } from "../../src/lib/toast";

/**
 * Toasts load antd's message with the first one (src/lib/toast.ts): they still show, in the order asked (a toast
 * shown under a key replaces the one before it).
 */
describe("toasts", () => {
  /** The first toast waits for antd's message to load: slow when the other test files share the worker. */
  const ARRIVES_MS = 10_000;
  const shown = () => [...document.querySelectorAll(".ant-message-notice")].map((notice) => notice.textContent);
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const wasAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;

  beforeAll(() => {
    // antd renders its toasts in a root of its own, outside any act(): as in the browser.
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    // What @ant-design/v5-patch-for-react-19 does for the app's one antd: here Node loads the patch with antd's
    // CommonJS copy, while the toasts load its ES modules, as the browser's build does.
    unstableSetRender((node, container) => {
      const root = createRoot(container);
      root.render(node);
      return async () => root.unmount();
    });
  });
  // The next test, or the next file in this worker once the act environment is back, starts after the last toast
  // has gone: happy-dom runs no CSS transition, so the test ends each toast's leave motion as a browser would, with
  // its transitionend (else antd's renders went on after the test, and React warned from the next file).
  afterEach(async () => {
    message.destroy();
    await vi.waitFor(() => {
      for (const notice of document.querySelectorAll(".ant-message-notice-wrapper"))
        notice.dispatchEvent(new Event("transitionend"));
      expect(document.querySelector(".ant-message-notice-wrapper")).toBeNull();
    }, ARRIVES_MS);
  });
  afterAll(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasAct;
  });

  it("shows a toast once antd's message has arrived", async () => {
    void message.success("Saved");
    await vi.waitFor(() => expect(shown()).toContain("Saved"), ARRIVES_MS);
  });

  it("keeps the order of the calls made before the code arrived", async () => {
    void message.error({ content: "First", key: "same" });
    void message.warning({ content: "Second", key: "same" });
    await vi.waitFor(() => expect(shown()).toContain("Second"), ARRIVES_MS);
    expect(shown()).not.toContain("First");
  });
});
