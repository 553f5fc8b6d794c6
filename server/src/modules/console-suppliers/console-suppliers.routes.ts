import type { FastifyInstance } from "fastify";
import { supplierCalls, supplierCatalogCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { staffActor } from "../audit/audit.service";
import { listCatalogStates, listCatalogSyncs, listSupplierProducts } from "../supplier/catalog.service";
import { syncCatalog } from "../supplier/catalog-sync";
import { createSupplier, listSuppliers, updateSupplier } from "../supplier/supplier-account.service";
import { checkSupplierNow } from "../supplier/supplier-health";

/** Supplier accounts and their synced catalogs in the console (suppliers:list/show/create/edit, per the contracts). */
export function consoleSuppliersRoutes(app: FastifyInstance, deps: AppDeps) {
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
}
