import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { delivery, deliveryAttempt, deliveryListQuery, envelopeOf, pageOf, pageQuery } from "../../../../contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { ok } from "../../plugins/envelope";
import { listDeliveries, listDeliveryAttempts, resendDelivery } from "./delivery.service";

const tags = ["api-settings"];
const byId = z.object({
  id: z.coerce.number("validation.integer").int("validation.integer").positive("validation.integer"),
});

/** The delivery log under API settings (admins only, as the rest of API settings). */
export async function deliveryRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/merchant/api/app/deliveries",
    {
      config: { access: { resource: "api-settings", action: "list" } },
      schema: {
        tags,
        querystring: pageQuery.extend(deliveryListQuery.shape),
        response: { 200: envelopeOf(pageOf(delivery)) },
      },
    },
    async (request) => ok(request, await listDeliveries(deps, caller(request), request.query)),
  );

  r.post(
    "/merchant/api/app/deliveries/:id/resend",
    {
      config: { access: { resource: "api-settings", action: "edit" } },
      schema: { tags, params: byId, response: { 200: envelopeOf(delivery) } },
    },
    async (request) => ok(request, await resendDelivery(deps, caller(request), request.params.id)),
  );

  r.get(
    "/merchant/api/app/deliveries/:id/attempts",
    {
      config: { access: { resource: "api-settings", action: "list" } },
      schema: { tags, params: byId, response: { 200: envelopeOf(z.array(deliveryAttempt)) } },
    },
    async (request) => ok(request, await listDeliveryAttempts(deps, caller(request), request.params.id)),
  );
}
