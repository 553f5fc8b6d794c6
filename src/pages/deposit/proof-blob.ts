import type { AxiosInstance } from "axios";
import { useEffect, useState } from "react";
import { apiRelativeUrl } from "../../lib/funds";
import { axiosInstance } from "../../providers/http-client";
import { currentLanguage } from "../../providers/i18n-provider";
import { getToken } from "../../providers/token-storage";

/** Whose client and token fetch the file: the merchant portal's, or the console's (its own realm). */
export interface FileSource {
  instance: AxiosInstance;
  getToken: () => string | null;
}
export const merchantFiles: FileSource = { instance: axiosInstance, getToken };

/**
 * Loads an uploaded file as an object URL. The file is served only with the Authorization header, which an
 * <img src> cannot send, so it travels through the app's axios instance as a blob (not `request`, whose envelope
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
    const token = source.getToken();
    source.instance
      .get<Blob>(apiRelativeUrl(url), {
        responseType: "blob",
        signal: controller.signal,
        headers: { "Accept-Language": currentLanguage(), ...(token !== null ? { Authorization: token } : {}) },
      })
      .then((response) => {
        // A refusal still answers 200-less with the JSON envelope; only real bytes become a picture.
        if (response.status !== 200 || /json/i.test(String(response.headers["content-type"] ?? ""))) {
          setState({ failed: true });
          return;
        }
        objectUrl = URL.createObjectURL(response.data);
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
