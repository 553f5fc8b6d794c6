/**
 * Where each resource's data lives on the `/portal` API, declared once so pages never write a URL.
 * A resource without an entry has no data calls yet; asking for one is a programming error.
 */
export interface ResourceApi {
  /** Collection path: GET lists (`pageNum`, `pageSize`, filters, `sort`), POST creates. */
  list: string;
  /** Item path prefix, `<item>/<id>`; defaults to `list`. */
  item?: string;
  /** One record per merchant: read and updated at `list` itself, without an id. */
  singleton?: boolean;
  /** Method of an update (default PUT). */
  updateMethod?: "put" | "patch";
}

export const resourceApis: Readonly<Record<string, ResourceApi>> = {
  "merchant-info": { list: "/merchant/api/merchant/info", singleton: true },
  member: { list: "/merchant/api/member" },
  product: { list: "/merchant/api/product/list", item: "/merchant/api/product" },
  order: { list: "/merchant/api/order/list", item: "/merchant/api/order" },
  "fund-transaction": { list: "/merchant/api/fund/transaction/list" },
  // Read-only here: a recharge is posted to /merchant/api/fund/deposit by the page's own mutation.
  "fund-deposit": { list: "/merchant/api/fund/deposit/list" },
  // The spec's export calls: list at /list; PATCH /kill/{id} terminates (the task's "update"), DELETE removes.
  "export-task": { list: "/merchant/export/list", item: "/merchant/export/kill", updateMethod: "patch" },
  // The merchant's API application; its secret, keys and delivery log have calls of their own (pages/api-settings).
  "api-settings": { list: "/merchant/api/app", singleton: true },
};

/** The id pages pass for a singleton resource (Refine wants one; the path does not use it). */
export const SINGLETON_ID = "current";

export type ApiOperation = "list" | "create" | "one" | "update" | "delete";

export function apiFor(resource: string): ResourceApi {
  const api = resourceApis[resource];
  if (!api) throw new Error(`No API is declared for resource "${resource}"`);
  return api;
}

export function apiPath(resource: string, operation: ApiOperation, id?: string | number): string {
  const api = apiFor(resource);
  if (operation === "list" || operation === "create" || api.singleton) return api.list;
  if (id === undefined || id === "") throw new Error(`Resource "${resource}" needs an id for ${operation}`);
  return `${api.item ?? api.list}/${encodeURIComponent(String(id))}`;
}

/**
 * Spec §7: a GET here with a list page's current filters creates an export task of that list; the answer's data
 * is the new task's id. Keyed by the resource whose list is exported.
 */
export const exportCreatePaths = {
  product: "/merchant/export/product/detail",
  order: "/merchant/export/order/detail",
  "fund-transaction": "/merchant/export/transaction/detail",
} as const;
export type ExportableResource = keyof typeof exportCreatePaths;
