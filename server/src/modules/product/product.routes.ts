import type { FastifyInstance } from "fastify";
import { productCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { getProduct, listProducts } from "./product.service";

export function productRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, productCalls.list, ({ request, query }) => listProducts(deps, caller(request), query, request.language));
  serve(app, productCalls.one, ({ request, params }) => getProduct(deps, caller(request), params.id, request.language));
}
