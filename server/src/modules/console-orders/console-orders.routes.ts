import type { FastifyInstance } from "fastify";
import { consoleOrderCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { consoleOrderDetail, failOrderFromConsole, listConsoleOrders, requeryOrder } from "./console-orders.service";

/** Every merchant's orders in the console, and customer service's actions (orders:list, :show, :edit). */
export function consoleOrdersRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, consoleOrderCalls.list, ({ request, query }) => listConsoleOrders(deps, query, request.language));
  serve(app, consoleOrderCalls.one, ({ request, params }) =>
    consoleOrderDetail(deps, params.orderNo, request.language),
  );
  serve(app, consoleOrderCalls.requery, ({ request, params }) =>
    requeryOrder(deps, staffCaller(request), params.orderNo, request.language),
  );
  serve(app, consoleOrderCalls.fail, ({ request, params, body }) =>
    failOrderFromConsole(deps, staffCaller(request), params.orderNo, body.reason, request.language),
  );
}
