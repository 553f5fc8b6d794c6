import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { envelopeOf, merchantInfo, merchantInfoUpdate } from "../../../../contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { ok } from "../../plugins/envelope";
import { getMerchantInfo, updateMerchantInfo } from "./merchant.service";

const tags = ["merchant"];

export async function merchantRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/merchant/api/merchant/info",
    {
      config: { access: { resource: "merchant-info", action: "show" } },
      schema: { tags, response: { 200: envelopeOf(merchantInfo) } },
    },
    async (request) => ok(request, await getMerchantInfo(deps, caller(request).merchantId)),
  );

  r.put(
    "/merchant/api/merchant/info",
    {
      config: { access: { resource: "merchant-info", action: "edit" } },
      schema: { tags, body: merchantInfoUpdate, response: { 200: envelopeOf(merchantInfo) } },
    },
    async (request) => ok(request, await updateMerchantInfo(deps, caller(request).merchantId, request.body)),
  );
}
