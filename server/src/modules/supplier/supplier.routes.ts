import type { FastifyInstance } from "fastify";
import { supplierCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { listRoutedSkus, setRoutes } from "./sku-route.service";
import { createSupplier, listSuppliers, updateSupplier } from "./supplier-account.service";
import { checkSupplierNow } from "./supplier-health";

/** Supplier accounts and SKU routes in the console (suppliers:list/show/create/edit, routes:list/edit). */
export function supplierConsoleRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, supplierCalls.list, () => listSuppliers(deps));
  serve(app, supplierCalls.create, ({ request, body }) => createSupplier(deps, staffCaller(request), body));
  serve(app, supplierCalls.update, ({ request, params, body }) =>
    updateSupplier(deps, staffCaller(request), params.id, body),
  );
  serve(app, supplierCalls.check, ({ params }) => checkSupplierNow(deps, params.id));
  serve(app, supplierCalls.routedSkus, ({ request, query }) => listRoutedSkus(deps, query, request.language));
  serve(app, supplierCalls.setRoutes, ({ request, params, body }) =>
    setRoutes(deps, staffCaller(request), params.id, body, request.language),
  );
}
