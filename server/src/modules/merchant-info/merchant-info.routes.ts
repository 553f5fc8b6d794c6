import type { FastifyInstance } from "fastify";
import { merchantInfoCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { caller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { getMerchantInfo, updateMerchantInfo } from "./merchant-info.service";

export function merchantInfoRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, merchantInfoCalls.one, ({ request }) => getMerchantInfo(deps, caller(request).merchantId));
  serve(app, merchantInfoCalls.update, ({ request, body }) =>
    updateMerchantInfo(deps, caller(request).merchantId, body),
  );
}
