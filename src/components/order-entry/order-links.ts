import { orderResource, productResource } from "#contracts";
import { orderPath, orderPathWith } from "../../lib/order-list";
import { viewRoutes } from "../../resources/routes";

const orderBase = orderResource.path;
const productBase = productResource.path;

function withQuery(path: string, query: Record<string, number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text === "" ? path : `${path}?${text}`;
}

/** Browser paths of the order pages, derived from the resource declaration like every route. */
export const orderPaths = {
  create: (productId?: number, skuId?: number) => withQuery(orderBase + viewRoutes.create.suffix, { productId, skuId }),
  batch: (productId?: number, skuId?: number) => withQuery(orderBase + viewRoutes.batch.suffix, { productId, skuId }),
  /** The batch history, or one past batch's result. */
  batches: (batchId?: string) => (batchId ? orderPathWith("batches", { batchId }) : orderPath("batches")),
  show: (orderNo: string) => orderPath("show", orderNo),
  product: (id: number) => `${productBase}/${id}`,
};

/** A positive whole number from a query parameter, or undefined. */
export function idParam(value: string | null): number | undefined {
  return value !== null && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined;
}
