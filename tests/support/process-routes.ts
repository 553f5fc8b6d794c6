import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { loadConfig } from "../../server/src/config";
import { createDeps } from "../../server/src/create-deps";
import { type DatabaseTarget, openDatabase } from "../../server/src/db/connection";
import { productSkus, products } from "../../server/src/db/schema";
import { createCipher } from "../../server/src/lib/crypto";
import { operatorActor } from "../../server/src/modules/audit/audit.service";
import { syncCatalog } from "../../server/src/modules/supplier/catalog-sync";
import { skuRoutes, supplierAccounts } from "../../server/src/modules/supplier/supplier.schema";
import { DING_SKUS } from "./standins/dingconnect-standin";

/**
 * Routes the demo top-up's SKUs to a DingConnect stand-in first (and to the simulator second when `thenSimulator`),
 * written as the console would: the account's credentials sealed with the server's key, each account's catalog
 * synced so routes name its products. For process tests, on a database a first start has made, while no server runs.
 */
export async function routeDemoTopupToDing(
  env: Record<string, string>,
  target: DatabaseTarget,
  ding: { baseUrl: string },
  apiKey: string,
  { thenSimulator = false } = {},
): Promise<void> {
  const config = loadConfig({ ...process.env, ...env });
  const database = await openDatabase(target, () => {});
  try {
    const { db } = database;
    const [account] = await db
      .insert(supplierAccounts)
      .values({
        code: "ding",
        name: "DingConnect",
        kind: "dingconnect",
        baseUrl: ding.baseUrl,
        credentialsSealed: createCipher(config.encryptionKeys).encrypt(JSON.stringify({ apiKey })),
        credentialKeys: ["apiKey"],
      })
      .returning();
    const [simulator] = await db.select().from(supplierAccounts).where(eq(supplierAccounts.code, "simulator"));
    const routed = thenSimulator ? [account!, simulator!] : [account!];
    const skus = await db
      .select({ id: productSkus.id })
      .from(productSkus)
      .innerJoin(products, eq(products.id, productSkus.productId))
      .where(eq(products.code, "DEMO-MOBILE-TOPUP"));
    await db.insert(skuRoutes).values(
      skus.flatMap((sku) =>
        routed.map((supplier, position) => ({
          skuId: sku.id,
          position,
          supplierId: supplier.id,
          supplierProduct: supplier.id === account!.id ? DING_SKUS.cnRange : "topup-CNY",
        })),
      ),
    );
    const deps = createDeps(database, config);
    for (const supplier of routed)
      expect(await syncCatalog(deps, supplier.id, "operator", operatorActor("test"))).toMatchObject({ state: "done" });
  } finally {
    await database.close();
  }
}
