import { z } from "zod";
import { defineCall, idParams, inConsole } from "./calls";
import { pageOf, pageQuery } from "./envelope";
import { defineConsoleResource } from "./resource";
import { supplierAccount, supplierAccountBody } from "./supplier";
import { catalogSync, supplierCatalogState, supplierProduct, supplierProductQuery } from "./supplier-catalog";

/**
 * The console's suppliers (issue 16): the accounts fulfilment sends orders to (contracts/supplier.ts), their
 * balance and health checked on demand, and each account's synced catalog (contracts/supplier-catalog.ts).
 */
export const consoleSuppliersResource = defineConsoleResource({
  name: "suppliers",
  path: "/console/suppliers",
  sort: 75,
  icon: "api",
  actions: ["list", "show", "create", "edit"],
  // A short list answered whole: its page reads it with its own calls.
  calls: {},
});

const suppliers = { resource: "suppliers" } as const;

export const supplierCalls = {
  list: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/suppliers",
    access: { ...suppliers, action: "list" },
    answer: z.array(supplierAccount),
  }),
  create: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/suppliers",
    access: { ...suppliers, action: "create" },
    stepUp: true,
    body: supplierAccountBody,
    answer: supplierAccount,
  }),
  update: defineCall({
    ...inConsole,
    method: "PUT",
    path: "/console/api/suppliers/:id",
    access: { ...suppliers, action: "edit" },
    stepUp: true,
    params: idParams,
    body: supplierAccountBody,
    answer: supplierAccount,
  }),
  /** Checks the account's balance (its health) now, instead of at the next scheduled check. */
  check: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/suppliers/:id/check",
    access: { ...suppliers, action: "show" },
    params: idParams,
    answer: supplierAccount,
  }),
};

export const supplierCatalogCalls = {
  /** Each account's catalog state (the suppliers page shows it beside balance and health). */
  states: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/suppliers/catalogs",
    access: { ...suppliers, action: "list" },
    answer: z.array(supplierCatalogState),
  }),
  /** An account's synced products, searchable (the routes editor's picker). */
  products: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/suppliers/:id/products",
    access: { ...suppliers, action: "show" },
    params: idParams,
    query: supplierProductQuery,
    answer: pageOf(supplierProduct),
  }),
  /** Reads the account's catalog now (routes are re-quoted and flagged as after a scheduled sync). */
  sync: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/suppliers/:id/sync",
    access: { ...suppliers, action: "edit" },
    params: idParams,
    answer: catalogSync,
  }),
  /** The account's recent syncs, newest first. */
  syncs: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/suppliers/:id/syncs",
    access: { ...suppliers, action: "show" },
    params: idParams,
    query: pageQuery,
    answer: pageOf(catalogSync),
  }),
};
