import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { skuRoutes } from "../supplier/supplier.schema";

/**
 * A SKU's cost is its first enabled route's (sku_routes by position): the supplier fulfilment tries first, so
 * the price it is bought at when all goes well. Two scalar subqueries on the route's unique (sku, position) index.
 */
const firstRoute = (column: "cost" | "cost_currency", skuId: SQLWrapper) =>
  sql`(select r.${sql.raw(column)} from sku_routes r where r.sku_id = ${skuId} and r.enabled
    order by r.position limit 1)`;

export const skuCost = (skuId: SQLWrapper): SQL<string | null> =>
  firstRoute("cost", skuId).mapWith(skuRoutes.cost) as SQL<string | null>;

export const skuCostCurrency = (skuId: SQLWrapper): SQL<string | null> =>
  firstRoute("cost_currency", skuId).mapWith(String) as SQL<string | null>;
