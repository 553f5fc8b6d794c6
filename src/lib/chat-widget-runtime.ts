import { CHAT_ACTIVITY_EVENTS, CHAT_CHECK_INTERVAL_MS, isIdle } from "./chat-widget";

/** The server's widget configuration (`chatWidget` of the public config). */
export interface WidgetConfig {
  scriptUrl: string;
  settings: Record<string, string>;
}

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
 * Mounts the live-chat widget and keeps it fresh: every 30 minutes, if nobody touched the page for 30 minutes, it
 * is torn down and injected again. Plain DOM, so the light sign-in page and the app's shell share it. Answers the
 * function that removes it.
 */
export function runChatWidget(widget: WidgetConfig): () => void {
  let lastActivity = Date.now();
  const onActivity = () => {
    lastActivity = Date.now();
  };
  for (const name of CHAT_ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
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
}
