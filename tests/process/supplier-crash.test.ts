import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseTarget, openDatabase } from "../../server/src/db/connection";
import { orders } from "../../server/src/db/schema";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { fulfilmentAttempts } from "../../server/src/modules/supplier/supplier.schema";
import { routeDemoTopupToDing } from "../support/process-routes";
import { api, demoShop, waitUntilNoneProcessing } from "../support/server-api";
import { type Server, sleep, startServer, stopServer } from "../support/server-process";
import { DING_SKUS, startDingConnectStandin } from "../support/standins/dingconnect-standin";
import { type Engine, engines, scratchPostgres } from "../support/test-db";

/**
 * No order is fulfilled twice (issue 16), with the real server process and a supplier over HTTP: DingConnect's
 * stand-in takes each transfer but answers late; the server is killed (SIGKILL) between the supplier's acceptance
 * and our write of it. Started again, the server looks each attempt up at DingConnect by our reference and finds
 * it: the second route is never tried, DingConnect got each order once, and every order succeeds.
 */
const ORDERS = 4;

describe.each(engines)("a crash between a supplier's acceptance and our write (%s)", (engine: Engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function prepare() {
    const dataDir = mkdtempSync(path.join(tmpdir(), "mp-supplier-crash-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: "" };
    if (engine === "pglite") return { env, target: { kind: "pglite", dir: dataDir } as DatabaseTarget };
    const database = await scratchPostgres("mp_supplier_crash");
    cleanups.push(database.drop);
    env.DATABASE_URL = database.url;
    return { env, target: { kind: "postgres", url: database.url } as DatabaseTarget };
  }
  const track = (child: Server) => {
    cleanups.push(async () => void (await stopServer(child, "SIGKILL")));
    return child;
  };

  it("looks a lost attempt up at its supplier after a SIGKILL, and never sends it to the next route", async () => {
    const ding = await startDingConnectStandin({ apiKey: "ding-crash-key" });
    cleanups.push(ding.close);
    const { env, target } = await prepare();
    // A first start creates the database with the demo's catalog; then, stopped, the demo top-up's SKUs are routed
    // to DingConnect first and the simulator second.
    expect(await stopServer(track(await startServer(env)), "SIGTERM")).toBe(0);
    await routeDemoTopupToDing(env, target, ding, "ding-crash-key", { thenSimulator: true });

    // DingConnect takes every transfer and completes it, but answers only after a minute.
    ding.state.bySku.set(DING_SKUS.cnRange, { kind: "slow", ms: 60_000 });
    let server = track(await startServer(env));
    const shop = await demoShop(server);
    const placed = await Promise.all(
      Array.from({ length: ORDERS }, (_, i) =>
        api<{ orderNo: string }>(server, "POST", "/merchant/api/order", shop.token, {
          productId: shop.productId,
          skuId: shop.skuId,
          merchantOrderNo: `ding-crash-${i}`,
          inputs: { account: `861380013${String(i).padStart(4, "0")}` },
        }),
      ),
    );
    const orderNos = placed.map((o) => o.orderNo);
    for (let waited = 0; ding.state.transfers.length < ORDERS; waited += 50) {
      if (waited > 30_000) throw new Error(`DingConnect got ${ding.state.transfers.length} of ${ORDERS} transfers`);
      await sleep(50);
    }
    await stopServer(server, "SIGKILL");

    // Answering at once again; the restarted server must ask before it sends anything.
    ding.state.bySku.set(DING_SKUS.cnRange, { kind: "success" });
    server = track(await startServer(env));
    await waitUntilNoneProcessing(server, shop);
    expect(await stopServer(server, "SIGTERM")).toBe(0);

    const sendTransfers = ding.state.requests.filter((r) => r.path.endsWith("/SendTransfer"));
    expect(sendTransfers.map((r) => (r.body as { DistributorRef: string }).DistributorRef).sort()).toEqual(
      [...orderNos].sort(),
    );
    const check = await openDatabase(target, () => {});
    try {
      const rows = await check.db.select().from(orders).where(inArray(orders.orderNo, orderNos));
      expect(rows.map((o) => o.status)).toEqual(orderNos.map(() => "success"));
      const attempts = await check.db
        .select({ reference: fulfilmentAttempts.reference, state: fulfilmentAttempts.state })
        .from(fulfilmentAttempts)
        .where(
          inArray(
            fulfilmentAttempts.orderId,
            rows.map((o) => o.id),
          ),
        );
      expect(attempts.map((a) => a.state)).toEqual(orderNos.map(() => "success"));
      expect(attempts.map((a) => a.reference).sort()).toEqual([...orderNos].sort());
      expect(await ledgerViolations(check.db)).toEqual([]);
    } finally {
      await check.close();
    }
  }, 180_000);
});
