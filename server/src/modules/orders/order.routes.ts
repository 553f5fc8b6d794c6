import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  batchOrderRequest,
  batchOrderResult,
  envelopeOf,
  giftCard,
  order,
  orderDetail,
  orderListQuery,
  pageOf,
  pageQuery,
  placeOrderRequest,
} from "../../../../contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { ok, translateMessage } from "../../plugins/envelope";
import { placeBatch } from "./batch-order";
import { getOrder, listOrders, revealCards, toOrder } from "./order.service";
import { placeOrder } from "./place-order";

const tags = ["order"];
const byOrderNo = z.object({ orderNo: z.string().trim().min(1).max(64, "validation.tooLong") });

export async function orderRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/merchant/api/order",
    {
      config: { access: { resource: "order", action: "create" } },
      schema: { tags, body: placeOrderRequest, response: { 200: envelopeOf(order) } },
    },
    async (request, reply) => {
      const auth = caller(request);
      const placer = { merchantId: auth.merchantId, userId: auth.userId, source: "manual" as const };
      const { row, created } = await placeOrder(deps, placer, request.body);
      // A repeated merchant order number answers the original order; the header says it was a replay.
      if (!created) reply.header("idempotent-replayed", "true");
      return ok(request, toOrder(row, null, request.language));
    },
  );

  r.post(
    "/merchant/api/order/batch",
    {
      config: { access: { resource: "order", action: "create" } },
      schema: { tags, body: batchOrderRequest, response: { 200: envelopeOf(batchOrderResult) } },
      bodyLimit: 8 * 1024 * 1024,
    },
    async (request) => {
      const auth = caller(request);
      const placer = { merchantId: auth.merchantId, userId: auth.userId, source: "manual" as const };
      const outcome = await placeBatch(deps, placer, request.body);
      const t = request.t;
      return ok(request, {
        ...outcome,
        results: outcome.results.map(({ message, errors, ...row }) => ({
          ...row,
          ...(message ? { message: translateMessage(t, message) } : {}),
          ...(errors
            ? { errors: Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, translateMessage(t, m)])) }
            : {}),
        })),
      });
    },
  );

  r.get(
    "/merchant/api/order/list",
    {
      config: { access: { resource: "order", action: "list" } },
      schema: {
        tags,
        querystring: pageQuery.extend(orderListQuery.shape),
        response: { 200: envelopeOf(pageOf(order)) },
      },
    },
    async (request) => ok(request, await listOrders(deps, caller(request), request.query, request.language)),
  );

  r.get(
    "/merchant/api/order/:orderNo",
    {
      config: { access: { resource: "order", action: "show" } },
      schema: { tags, params: byOrderNo, response: { 200: envelopeOf(orderDetail) } },
    },
    async (request) => ok(request, await getOrder(deps, caller(request), request.params.orderNo, request.language)),
  );

  r.post(
    "/merchant/api/order/:orderNo/cards/reveal",
    {
      config: { access: { resource: "order", action: "show" } },
      schema: { tags, params: byOrderNo, response: { 200: envelopeOf(z.object({ cards: z.array(giftCard) })) } },
    },
    async (request) => ok(request, { cards: await revealCards(deps, caller(request), request.params.orderNo) }),
  );
}
