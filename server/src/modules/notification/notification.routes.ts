import type { FastifyInstance } from "fastify";
import { notificationCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { listNotifications, markAllRead, markRead, unreadCount } from "./notification.service";

export function notificationRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, notificationCalls.list, ({ request }) => listNotifications(deps, caller(request), request.t));
  serve(app, notificationCalls.unread, ({ request }) => unreadCount(deps, caller(request)));
  serve(app, notificationCalls.markRead, async ({ request, params }) => {
    await markRead(deps, caller(request), params.id);
    return null;
  });
  serve(app, notificationCalls.markAllRead, async ({ request }) => {
    await markAllRead(deps, caller(request));
    return null;
  });
}
