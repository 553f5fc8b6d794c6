/**
 * The full app's start-up files, written into this string by the build (vite.config.ts, `appStartFiles`) as a
 * JSON list; in development it stays as it is and nothing is prefetched.
 */
const APP_START_FILES = "__APP_START_FILES__";

let done = false;

/**
 * Lets the browser fetch (not run) the full app while the user types, so the page after sign-in starts at once.
 * Called on the first keystroke, never during the sign-in page's own load.
 */
export function prefetchApp(): void {
  if (done) return;
  done = true;
  let files: unknown;
  try {
    files = JSON.parse(APP_START_FILES);
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const file of files) {
    const link = document.createElement("link");
    link.rel = file.endsWith(".css") ? "prefetch" : "modulepreload";
    link.href = `/${file}`;
    document.head.append(link);
  }
}
