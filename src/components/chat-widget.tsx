import { useEffect } from "react";
import { runChatWidget } from "../lib/chat-widget-runtime";
import { usePublicConfig } from "../providers/use-public-config";

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
    return runChatWidget({ scriptUrl, settings: JSON.parse(settings) as Record<string, string> });
  }, [scriptUrl, settings]);

  return null;
}
