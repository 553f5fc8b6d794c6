import type { FastifyInstance } from "fastify";
import { orderCalls, translateMessage } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { getBatch, listBatches } from "./batch-history";
import { placeBatch } from "./batch-order";
import { getOrder, listOrders, revealCards, toOrder } from "./order.service";
import { placeOrder } from "./place-order";

const manualPlacer = (request: Parameters<typeof caller>[0]) => {
  const auth = caller(request);
  return { merchantId: auth.merchantId, userId: auth.userId, source: "manual" as const };
};

export function orderRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, orderCalls.create, async ({ request, reply, body }) => {
    const { row, created } = await placeOrder(deps, manualPlacer(request), body);
    // A repeated merchant order number answers the original order; the header says it was a replay (and the
    // answer names no placer: the list and the detail say who placed the original).
    if (!created) reply.header("idempotent-replayed", "true");
    return toOrder({ ...row, placedBy: created ? caller(request).username : null }, null, request.language);
  });

  serve(app, orderCalls.batch, async ({ request, body }) => {
    const outcome = await placeBatch(deps, manualPlacer(request), body);
    const { t, language } = request;
    return {
      ...outcome,
      results: outcome.results.map(({ message, errors, ...row }) => ({
        ...row,
        ...(message ? { message: translateMessage(t, message, language) } : {}),
        ...(errors
          ? {
              errors: Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, translateMessage(t, m, language)])),
            }
          : {}),
      })),
    };
  });
  serve(app, orderCalls.batchList, ({ request, query }) => listBatches(deps, caller(request), query, request.language));
  serve(app, orderCalls.batchOne, ({ request, params }) =>
    getBatch(deps, caller(request), params.batchNo, request.language),
  );

  serve(app, orderCalls.list, ({ request, query }) => listOrders(deps, caller(request), query, request.language));
  serve(app, orderCalls.one, ({ request, params }) =>
    getOrder(deps, caller(request).merchantId, params.orderNo, request.language),
  );
  serve(app, orderCalls.revealCards, async ({ request, params }) => ({
    cards: await revealCards(deps, caller(request), params.orderNo),
  }));
}
