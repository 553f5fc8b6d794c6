import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeOf, pageOf, pageQuery, product, productListQuery } from "../../../../contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { ok } from "../../plugins/envelope";
import { getProduct, listProducts } from "./catalog.service";

const tags = ["product"];
const byId = z.object({
  id: z.coerce.number("validation.integer").int("validation.integer").positive("validation.integer"),
});

export async function catalogRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/merchant/api/product/list",
    {
      config: { access: { resource: "product", action: "list" } },
      schema: {
        tags,
        querystring: pageQuery.extend(productListQuery.shape),
        response: { 200: envelopeOf(pageOf(product)) },
      },
    },
    async (request) => ok(request, await listProducts(deps, caller(request), request.query, request.language)),
  );

  r.get(
    "/merchant/api/product/:id",
    {
      config: { access: { resource: "product", action: "show" } },
      schema: { tags, params: byId, response: { 200: envelopeOf(product) } },
    },
    async (request) => ok(request, await getProduct(deps, caller(request), request.params.id, request.language)),
  );
}
