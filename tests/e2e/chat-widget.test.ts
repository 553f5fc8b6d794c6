import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, problemsOf, startE2E } from "../support/e2e";

const SCRIPT_URL = "http://127.0.0.1:9/chat-widget.js";
/** A stand-in widget: counts its loads and clean-ups and draws a panel, as a real one would. */
const WIDGET = `(() => {
  window.__chat = window.__chat || { loads: 0, destroys: 0 };
  window.__chat.loads += 1;
  window.__chat.settings = window.chatWidgetSettings;
  const panel = document.createElement("aside");
  panel.setAttribute("aria-label", "Live chat");
  panel.textContent = "Chat with us";
  document.body.appendChild(panel);
  window.ChatWidget = { destroy() { window.__chat.destroys += 1; panel.remove(); } };
})();`;

describe("live-chat widget", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({
      config: { CHAT_WIDGET_SCRIPT_URL: SCRIPT_URL, CHAT_WIDGET_SETTINGS: '{"siteId":"demo-site"}' },
    });
  });
  afterAll(() => e2e.close());

  async function openWithWidget() {
    const page = await e2e.newPage();
    await page.clock.install();
    await page.route(SCRIPT_URL, (route) => route.fulfill({ contentType: "text/javascript", body: WIDGET }));
    await page.goto("/login");
    await page.getByRole("complementary", { name: "Live chat" }).waitFor();
    return page;
  }
  const state = (page: Awaited<ReturnType<typeof openWithWidget>>) =>
    page.evaluate(
      () => (window as unknown as { __chat: { loads: number; destroys: number; settings: unknown } }).__chat,
    );

  it("loads the configured script with its settings on every screen", async () => {
    const page = await openWithWidget();
    expect(await state(page)).toEqual({ loads: 1, destroys: 0, settings: { siteId: "demo-site" } });
    expect(problemsOf(page)).toEqual([]);
  });

  it("re-initialises after 30 minutes without activity, not while the user is active", async () => {
    const page = await openWithWidget();
    await page.clock.runFor("20:00");
    await page.getByLabel("Username").press("a");
    // The checks run every 30 minutes from when the widget mounted (a moment after the page opened): the extra
    // seconds make sure each check has happened before we look.
    await page.clock.runFor("10:05"); // first check at 30 min: active 10 min ago, so nothing happens
    expect((await state(page)).loads).toBe(1);
    await page.clock.runFor("30:00"); // second check at 60 min: idle for 40 min
    await expect.poll(async () => (await state(page)).loads).toBe(2);
    expect((await state(page)).destroys).toBe(1);
    expect(await page.getByRole("complementary", { name: "Live chat" }).count()).toBe(1);
    expect(problemsOf(page)).toEqual([]);
  });
});
