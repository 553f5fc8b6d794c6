import type { FastifyInstance } from "fastify";
import { catalogCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { exportCatalog, importCatalogDocument } from "../product/catalog-export";
import { createProduct, getConsoleProduct, listConsoleProducts, updateProduct } from "./console-catalog.service";
import {
  createAttribute,
  listAttributes,
  removeAttribute,
  updateAttribute,
} from "./console-catalog-attributes.service";
import { deleteProduct, listBin, purgeFromBin, restoreFromBin } from "./console-catalog-bin.service";
import { createNamed, listNamed, removeNamed, updateNamed } from "./console-catalog-taxonomy.service";

/** The catalog in the console (catalog:list/show/create/edit/delete): taxonomy, products, the bin, the file. */
export function consoleCatalogRoutes(app: FastifyInstance, deps: AppDeps) {
  for (const kind of ["category", "brand"] as const) {
    const calls = kind === "category" ? catalogCalls.categories : catalogCalls.brands;
    serve(app, calls.list, () => listNamed(deps, kind));
    serve(app, calls.create, ({ request, body }) => createNamed(deps, staffCaller(request), kind, body));
    serve(app, calls.update, ({ request, params, body }) =>
      updateNamed(deps, staffCaller(request), kind, params.id, body),
    );
    serve(app, calls.remove, ({ request, params }) => removeNamed(deps, staffCaller(request), kind, params.id));
  }
  const { attributes } = catalogCalls;
  serve(app, attributes.list, () => listAttributes(deps));
  serve(app, attributes.create, ({ request, body }) => createAttribute(deps, staffCaller(request), body));
  serve(app, attributes.update, ({ request, params, body }) =>
    updateAttribute(deps, staffCaller(request), params.id, body),
  );
  serve(app, attributes.remove, ({ request, params }) => removeAttribute(deps, staffCaller(request), params.id));

  serve(app, catalogCalls.products, ({ query }) => listConsoleProducts(deps, query));
  serve(app, catalogCalls.product, ({ params }) => getConsoleProduct(deps.db, params.id));
  serve(app, catalogCalls.createProduct, ({ request, body }) => createProduct(deps, staffCaller(request), body));
  serve(app, catalogCalls.updateProduct, ({ request, params, body }) =>
    updateProduct(deps, staffCaller(request), params.id, body),
  );
  serve(app, catalogCalls.deleteProduct, ({ request, params }) => deleteProduct(deps, staffCaller(request), params.id));

  serve(app, catalogCalls.bin, ({ request, query }) => listBin(deps, query, request.language));
  serve(app, catalogCalls.restore, ({ request, params }) =>
    restoreFromBin(deps, staffCaller(request), params.kind, params.id),
  );
  serve(app, catalogCalls.purge, ({ request, params }) =>
    purgeFromBin(deps, staffCaller(request), params.kind, params.id),
  );
  serve(app, catalogCalls.exportDocument, () => exportCatalog(deps));
  serve(app, catalogCalls.importDocument, ({ request, body }) =>
    importCatalogDocument(deps, staffCaller(request), body),
  );
}
