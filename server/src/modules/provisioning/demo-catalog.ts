import type { AppDeps } from "../../app-deps";
import { importCatalog, setPrice } from "../product/catalog-import";
import { demoCatalog, demoPrices } from "./demo-catalog-data";

/**
 * Imports the demo catalog (created or brought back to its demo state, by product code) and prices it for one
 * merchant, through the same functions the operator CLI uses.
 */
export async function seedDemoCatalog(deps: AppDeps, merchantNo: string) {
  const report = await importCatalog(deps, demoCatalog);
  for (const [productCode, prices] of Object.entries(demoPrices)) {
    for (const [skuCode, price] of Object.entries(prices)) {
      await setPrice(deps, { merchantNo, productCode, skuCode, price });
    }
  }
  return report;
}
