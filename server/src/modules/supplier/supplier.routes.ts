import type { FastifyInstance } from "fastify";
import { supplierCalls, supplierCatalogCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { staffActor } from "../audit/audit.service";
import { listCatalogStates, listCatalogSyncs, listSupplierProducts } from "./catalog.service";
import { syncCatalog } from "./catalog-sync";
import { clearFlags, listRoutedSkus, setRoutes } from "./sku-route.service";
import { createSupplier, listSuppliers, updateSupplier } from "./supplier-account.service";
import { checkSupplierNow } from "./supplier-health";

/**
 * Supplier accounts, their synced catalogs and SKU routes in the console (suppliers:list/show/create/edit,
 * routes:list/edit, per the contracts).
 */
export function supplierConsoleRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, supplierCalls.list, () => listSuppliers(deps));
  serve(app, supplierCalls.create, ({ request, body }) => createSupplier(deps, staffCaller(request), body));
  serve(app, supplierCalls.update, ({ request, params, body }) =>
    updateSupplier(deps, staffCaller(request), params.id, body),
  );
  serve(app, supplierCalls.check, ({ params }) => checkSupplierNow(deps, params.id));
  serve(app, supplierCatalogCalls.states, () => listCatalogStates(deps));
  serve(app, supplierCatalogCalls.products, ({ params, query }) => listSupplierProducts(deps, params.id, query));
  serve(app, supplierCatalogCalls.sync, ({ request, params }) =>
    syncCatalog(deps, params.id, "staff", staffActor(staffCaller(request))),
  );
  serve(app, supplierCatalogCalls.syncs, ({ params, query }) => listCatalogSyncs(deps, params.id, query));
  serve(app, supplierCalls.routedSkus, ({ request, query }) => listRoutedSkus(deps, query, request.language));
  serve(app, supplierCalls.setRoutes, ({ request, params, body }) =>
    setRoutes(deps, staffCaller(request), params.id, body, request.language),
  );
  serve(app, supplierCalls.clearFlags, ({ request, params }) =>
    clearFlags(deps, staffCaller(request), params.id, request.language),
  );
}
