import { useInvalidate } from "@refinedev/core";
import { useEffect } from "react";
import { i18n } from "./i18n-provider";

/**
 * The server answers names, labels and messages in the request's language (Accept-Language), so cached data
 * goes stale when the language changes: every data query is invalidated then, and those on screen refetch.
 */
export function useRefetchOnLanguageChange(): void {
  const invalidate = useInvalidate();
  useEffect(() => {
    const refetch = () => void invalidate({ invalidates: ["all"] });
    i18n.on("languageChanged", refetch);
    return () => i18n.off("languageChanged", refetch);
  }, [invalidate]);
}
