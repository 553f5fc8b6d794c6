import type { FastifyInstance } from "fastify";
import { exchangeRateCalls, priceCalls } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { staffCaller } from "../../plugins/auth";
import { serve } from "../../plugins/serve";
import { staffActor } from "../audit/audit.service";
import { listExchangeRates, setExchangeRate } from "../pricing/exchange-rate.service";
import { assignPriceList, listMerchantPrices, removeOverride, setOverride } from "./console-merchant-prices.service";
import { applyChange, cancelChange, listChanges, previewChange } from "./console-price-changes.service";
import { createPriceList, listPriceLists, updatePriceList } from "./console-price-lists.service";
import { listPricedSkus } from "./console-priced-skus";

/**
 * Price lists, their changes, merchants' prices and exchange rates in the console (prices:list/create/edit, per the
 * contracts).
 */
export function consolePricesRoutes(app: FastifyInstance, deps: AppDeps) {
  serve(app, priceCalls.lists, () => listPriceLists(deps));
  serve(app, priceCalls.createList, ({ request, body }) => createPriceList(deps, staffCaller(request), body));
  serve(app, priceCalls.updateList, ({ request, params, body }) =>
    updatePriceList(deps, staffCaller(request), params.id, body),
  );
  serve(app, priceCalls.skus, ({ request, params, query }) => listPricedSkus(deps, params.id, query, request.language));
  serve(app, priceCalls.preview, ({ request, params, body }) => previewChange(deps, params.id, body, request.language));
  serve(app, priceCalls.apply, ({ request, params, body }) =>
    applyChange(deps, staffCaller(request), params.id, body, request.language),
  );
  serve(app, priceCalls.changes, ({ params, query }) => listChanges(deps, params.id, query));
  serve(app, priceCalls.cancelChange, ({ request, params }) =>
    cancelChange(deps, staffCaller(request), params.id, params.changeId),
  );
  serve(app, priceCalls.assign, ({ request, params, body }) =>
    assignPriceList(deps, staffCaller(request), params.id, body.priceListId),
  );
  serve(app, priceCalls.merchantPrices, ({ request, params, query }) =>
    listMerchantPrices(deps, params.id, query, request.language),
  );
  serve(app, priceCalls.setOverride, ({ request, params, body }) =>
    setOverride(deps, staffCaller(request), params.id, params.skuId, body, request.language),
  );
  serve(app, priceCalls.removeOverride, ({ request, params }) =>
    removeOverride(deps, staffCaller(request), params.id, params.skuId, request.language),
  );
  serve(app, exchangeRateCalls.list, () => listExchangeRates(deps));
  serve(app, exchangeRateCalls.set, ({ request, body }) =>
    setExchangeRate(deps, staffActor(staffCaller(request)), body),
  );
}
