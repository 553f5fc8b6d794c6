import { useEffect, useState } from "react";
import { apiRelativeUrl } from "../../lib/funds";
import { fetchFile } from "../../providers/http-client";

/** Whose client (and so whose token) fetches the file: the merchant portal's, or the console's (its own realm). */
export interface FileSource {
  fetchFile: (url: string, options: { signal: AbortSignal }) => Promise<Response>;
}
export const merchantFiles: FileSource = { fetchFile };

/**
 * Loads an uploaded file as an object URL. The file is served only with the Authorization header, which an
 * <img src> cannot send, so it travels through the app's http client as a blob (not `request`, whose envelope
 * decision expects JSON). The object URL is revoked when the url changes or the component goes away.
 */
export function useProofBlob(
  url: string | null | undefined,
  source: FileSource = merchantFiles,
): { src?: string; failed: boolean } {
  const [state, setState] = useState<{ src?: string; failed: boolean }>({ failed: false });
  useEffect(() => {
    if (!url) return;
    let objectUrl: string | undefined;
    const controller = new AbortController();
    source
      .fetchFile(apiRelativeUrl(url), { signal: controller.signal })
      .then(async (response) => {
        // Read whole in every case: an answer left unread holds its connection open.
        const blob = await response.blob();
        if (controller.signal.aborted) return;
        // A refusal still answers 200-less with the JSON envelope; only real bytes become a picture.
        if (response.status !== 200 || /json/i.test(response.headers.get("Content-Type") ?? "")) {
          setState({ failed: true });
          return;
        }
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setState({ failed: false });
    };
  }, [url, source]);
  return state;
}
