import type { AppDeps } from "../../app-deps";
import { seedDemoPriceList } from "../pricing/demo-price-list";
import { importCatalog, setPrice } from "../product/catalog-import";
import { demoCatalog, demoPrices } from "./demo-catalog-data";

/**
 * Imports the demo catalog (created or brought back to its demo state, by product code) and prices it for one
 * merchant, through the same functions the operator CLI and the console use.
 */
export async function seedDemoCatalog(deps: AppDeps, merchantNo: string) {
  const report = await importCatalog(deps, demoCatalog);
  // A USD merchant buys from the demo's default price list; another currency's gets the prices as its own.
  if (await seedDemoPriceList(deps, merchantNo, demoPrices)) return report;
  for (const [productCode, prices] of Object.entries(demoPrices)) {
    for (const [skuCode, price] of Object.entries(prices)) {
      await setPrice(deps, { merchantNo, productCode, skuCode, price });
    }
  }
  return report;
}
