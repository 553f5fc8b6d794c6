import type { FastifyInstance } from "fastify";
import { openApiCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { serve } from "../../plugins/serve";
import { placeOrder } from "../order/place-order";
import { listProducts } from "../product/product.service";
import { listOpenApiEvents } from "./event-feed";
import { balanceOf, findOpenApiOrder, openApiAnswer, platformKeysOf, toOpenApiOrder } from "./openapi.service";
import { openApiCaller } from "./openapi-plugin";
import { listOpenApiOrders } from "./order-reconciliation";

/** `/openapi/v1`: the calls a merchant's servers make, each authenticated by its signature (openapi-plugin.ts). */
export function openApiRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, openApiCalls.balance, ({ request }) => balanceOf(deps, openApiCaller(request)));
  serve(app, openApiCalls.keys, ({ request }) => platformKeysOf(deps, openApiCaller(request)));
  serve(app, openApiCalls.products, ({ request, query }) =>
    listProducts(deps, openApiCaller(request), query, request.language),
  );
  serve(app, openApiCalls.placeOrder, async ({ request, reply, body }) => {
    const caller = openApiCaller(request);
    const placer = { merchantId: caller.merchantId, userId: null, source: "api" as const };
    const { row, created } = await placeOrder(deps, placer, body);
    if (created) return toOpenApiOrder(row, request.language);
    // A repeated merchant order number answers the original order as the order query does (codes included
    // once it succeeded); the header says it was a replay.
    reply.header("idempotent-replayed", "true");
    return openApiAnswer(deps, caller, row, request.language);
  });
  serve(app, openApiCalls.events, ({ request, query }) => listOpenApiEvents(deps, openApiCaller(request), query));
  serve(app, openApiCalls.listOrders, ({ request, query }) =>
    listOpenApiOrders(deps, openApiCaller(request), query, request.language),
  );
  serve(app, openApiCalls.orderByMerchantOrderNo, ({ request, params }) =>
    findOpenApiOrder(deps, openApiCaller(request), params, request.language),
  );
  serve(app, openApiCalls.orderByOrderNo, ({ request, params }) =>
    findOpenApiOrder(deps, openApiCaller(request), params, request.language),
  );
}
