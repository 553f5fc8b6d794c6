import { useEffect } from "react";
import { useProductName } from "../providers/use-public-config";

/** The browser tab's title: "<page> - <product>", or the product's name alone when there is no page title. */
export function useDocumentTitle(pageTitle: string | null): void {
  const productName = useProductName();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${productName}` : productName;
  }, [pageTitle, productName]);
}
