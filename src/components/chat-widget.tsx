import { useEffect } from "react";
import type { PublicConfig } from "#contracts";
import { CHAT_ACTIVITY_EVENTS, CHAT_CHECK_INTERVAL_MS, isIdle } from "../lib/chat-widget";
import { usePublicConfig } from "../providers/use-public-config";

type WidgetConfig = NonNullable<PublicConfig["chatWidget"]>;

declare global {
  interface Window {
    /** Read by the widget's script when it loads. */
    chatWidgetSettings?: Record<string, string>;
    /** Some widgets expose a handle to remove what they drew. */
    ChatWidget?: { destroy?: () => void };
  }
}

const SCRIPT_SELECTOR = "script[data-chat-widget]";

function mountWidget(config: WidgetConfig): void {
  window.chatWidgetSettings = { ...config.settings };
  const script = document.createElement("script");
  script.src = config.scriptUrl;
  script.async = true;
  script.dataset.chatWidget = "";
  document.body.appendChild(script);
}

function unmountWidget(): void {
  try {
    window.ChatWidget?.destroy?.();
  } catch (error) {
    // A third-party widget failing to clean up must not break the portal.
    console.warn("chat widget destroy failed", error);
  }
  for (const script of document.querySelectorAll(SCRIPT_SELECTOR)) script.remove();
}

/**
 * The live-chat widget on every screen (when the server configures one). Long-idle sessions get a fresh
 * widget: every 30 minutes, if nobody touched the page for 30 minutes, it is torn down and injected again.
 */
export function ChatWidget() {
  const config = usePublicConfig()?.chatWidget ?? null;
  const scriptUrl = config?.scriptUrl;
  const settings = JSON.stringify(config?.settings ?? {});

  useEffect(() => {
    if (!scriptUrl) return;
    const widget: WidgetConfig = { scriptUrl, settings: JSON.parse(settings) as Record<string, string> };
    let lastActivity = Date.now();
    const onActivity = () => {
      lastActivity = Date.now();
    };
    for (const name of CHAT_ACTIVITY_EVENTS)
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    mountWidget(widget);
    const timer = window.setInterval(() => {
      if (!isIdle(lastActivity, Date.now())) return;
      unmountWidget();
      mountWidget(widget);
    }, CHAT_CHECK_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      for (const name of CHAT_ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      unmountWidget();
    };
  }, [scriptUrl, settings]);

  return null;
}
