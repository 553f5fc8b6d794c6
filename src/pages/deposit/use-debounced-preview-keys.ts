import { useEffect } from "react";
import { debounce, PREVIEW_KEY_DEBOUNCE_MS } from "../../lib/funds";

const PREVIEW_KEYS = new Set(["Escape", "ArrowLeft", "ArrowRight"]);

/**
 * Spec §4: the image preview debounces key presses by 300 ms. antd's preview listens on `window` itself, so
 * while it is open a capture listener takes its keys first and acts on the last of a burst only. A proof is one
 * image, so the arrows have nothing to switch to; Escape closes.
 */
export function useDebouncedPreviewKeys(open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const act = debounce((key: string) => {
      if (key === "Escape") close();
    }, PREVIEW_KEY_DEBOUNCE_MS);
    const onKeyDown = (event: KeyboardEvent) => {
      if (!PREVIEW_KEYS.has(event.key)) return;
      event.stopImmediatePropagation();
      event.preventDefault();
      act(event.key);
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => {
      window.removeEventListener("keydown", onKeyDown, true);
      act.cancel();
    };
  }, [open, close]);
}
