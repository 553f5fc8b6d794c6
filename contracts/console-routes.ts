import { defineCall, idParams, inConsole } from "./calls";
import { pageOf } from "./envelope";
import { defineConsoleResource } from "./resource";
import { routedSku, routedSkuQuery, skuRoutesBody } from "./supplier";

/**
 * Each SKU's routes (issue 16): the ordered supplier products fulfilment tries in turn, checked against the
 * synced catalogs, and the flags a catalog sync raises when a route's cost or rate moved.
 */
const routes = { resource: "routes" } as const;

export const routeCalls = {
  routedSkus: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/routes",
    access: { ...routes, action: "list" },
    query: routedSkuQuery,
    answer: pageOf(routedSku),
  }),
  /** Replaces a SKU's routes with this ordered list (each checked against the synced catalog). */
  setRoutes: defineCall({
    ...inConsole,
    method: "PUT",
    path: "/console/api/routes/:id",
    access: { ...routes, action: "edit" },
    params: idParams,
    body: skuRoutesBody,
    answer: routedSku,
  }),
  /** Clears what the catalog syncs flagged on a SKU's routes, once a staff member has looked at it. */
  clearFlags: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/routes/:id/clear-flags",
    access: { ...routes, action: "edit" },
    params: idParams,
    answer: routedSku,
  }),
};

export const consoleRoutesResource = defineConsoleResource({
  name: "routes",
  path: "/console/routes",
  sort: 74,
  icon: "branches",
  actions: ["list", "edit"],
  calls: { list: routeCalls.routedSkus },
});
