import { type HttpError, useOne } from "@refinedev/core";
import { useSearchParams } from "react-router";
import type { Product, ProductSku } from "#contracts";
import { orderableSkus } from "../../lib/order-inputs";
import { idParam } from "./order-links";
import type { PickedSku } from "./product-sku-picker";

export interface OrderTarget {
  productId?: number;
  product?: Product;
  /** The SKU asked for in the URL if it is orderable, else the product's first orderable one. */
  sku?: ProductSku;
  loading: boolean;
  error: HttpError | null;
  pick: (picked: PickedSku) => void;
}

/** What an order page orders, kept in the URL (`?productId=&skuId=`) so links and reloads land on the same. */
export function useOrderTarget(): OrderTarget {
  const [params, setParams] = useSearchParams();
  const productId = idParam(params.get("productId"));
  const skuId = idParam(params.get("skuId"));
  const { result, query } = useOne<Product>({
    resource: "product",
    id: productId ?? "",
    queryOptions: { enabled: productId !== undefined },
  });
  const product = productId !== undefined && result?.id === productId ? result : undefined;
  const skus = product ? orderableSkus(product) : [];
  const sku = skus.find((s) => s.id === skuId) ?? skus[0];
  const pick = ({ productId: nextProduct, skuId: nextSku }: PickedSku) => {
    const next = new URLSearchParams();
    if (nextProduct !== undefined) next.set("productId", String(nextProduct));
    if (nextSku !== undefined) next.set("skuId", String(nextSku));
    setParams(next, { replace: true });
  };
  return { productId, product, sku, loading: query.isLoading && productId !== undefined, error: query.error, pick };
}
