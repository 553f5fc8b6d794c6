import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  envelopeOf,
  openApiBalance,
  openApiOrder,
  openApiOrderRequest,
  pageOf,
  pageQuery,
  product,
  productListQuery,
} from "../../../../contracts";
import type { AppDeps } from "../../app-deps";
import { ok } from "../../plugins/envelope";
import { listProducts } from "../catalog/catalog.service";
import { placeOrder } from "../orders/place-order";
import { balanceOf, findOpenApiOrder, openApiAnswer, toOpenApiOrder } from "./openapi.service";
import { openApiCaller } from "./openapi-plugin";

const tags = ["open-api"];
const security = [{ openApiSignature: [] }];
const orderNumber = z.string().trim().min(1, "validation.required").max(64, "validation.tooLong");

/** `/openapi/v1`: the calls a merchant's servers make, each authenticated by its signature (openapi-plugin.ts). */
export async function openApiRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/balance", { schema: { tags, security, response: { 200: envelopeOf(openApiBalance) } } }, async (request) =>
    ok(request, await balanceOf(deps, openApiCaller(request))),
  );

  r.get(
    "/products",
    {
      schema: {
        tags,
        security,
        querystring: pageQuery.extend({ pageSize: pageQuery.shape.pageSize.default(100) }).and(productListQuery),
        response: { 200: envelopeOf(pageOf(product)) },
      },
    },
    async (request) => ok(request, await listProducts(deps, openApiCaller(request), request.query, request.language)),
  );

  r.post(
    "/orders",
    { schema: { tags, security, body: openApiOrderRequest, response: { 200: envelopeOf(openApiOrder) } } },
    async (request, reply) => {
      const caller = openApiCaller(request);
      const placer = { merchantId: caller.merchantId, userId: null, source: "api" as const };
      const { row, created } = await placeOrder(deps, placer, request.body);
      if (created) return ok(request, toOpenApiOrder(row, request.language));
      // A repeated merchant order number answers the original order as the order query does (codes included
      // once it succeeded); the header says it was a replay.
      reply.header("idempotent-replayed", "true");
      return ok(request, await openApiAnswer(deps, caller, row, request.language));
    },
  );

  r.get(
    "/orders/:merchantOrderNo",
    {
      schema: {
        tags,
        security,
        params: z.object({ merchantOrderNo: orderNumber }),
        response: { 200: envelopeOf(openApiOrder) },
      },
    },
    async (request) =>
      ok(request, await findOpenApiOrder(deps, openApiCaller(request), request.params, request.language)),
  );

  r.get(
    "/orders/by-order-no/:orderNo",
    {
      schema: {
        tags,
        security,
        params: z.object({ orderNo: orderNumber }),
        response: { 200: envelopeOf(openApiOrder) },
      },
    },
    async (request) =>
      ok(request, await findOpenApiOrder(deps, openApiCaller(request), request.params, request.language)),
  );
}
