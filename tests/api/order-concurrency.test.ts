import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../server/src/db/schema";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { closeTestApp } from "../support/api-helpers";
import { balanceOf, openShop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/** Orders a balance can cover exactly; 1.5 x as many arrive at once. */
const N = 40;

describe.each(engines)("a hot balance under concurrent orders through HTTP (%s)", (engine) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => closeTestApp(t));

  it("accepts exactly the orders the balance covers, refuses the rest clearly, and ends at zero", async () => {
    const shop = await openShop(t, { balance: String(N * 10) });
    const attempts = Array.from({ length: (N * 3) / 2 }, (_, i) =>
      fetch(`${base}/portal/merchant/api/order`, {
        method: "POST",
        headers: { authorization: shop.token, "content-type": "application/json", "accept-language": "en-US" },
        body: JSON.stringify({
          productId: shop.topup.productId,
          skuId: shop.topup.skuId,
          merchantOrderNo: `HOT-${i}`,
          inputs: { account: `1380013${String(i).padStart(4, "0")}` },
        }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { code: number; message: string } })),
    );
    const answers = await Promise.all(attempts);
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(accepted).toHaveLength(N);
    expect(new Set(refused.map((a) => `${a.status} ${a.body.message}`))).toEqual(
      new Set(["422 Insufficient balance: the order costs 10.00 USD and the balance is 0.00 USD"]),
    );
    expect(await balanceOf(t, shop.merchantId)).toBe("0.0000");
    expect(await t.deps.db.select().from(orders).where(eq(orders.merchantId, shop.merchantId))).toHaveLength(N);
    expect(await ledgerViolations(t.deps.db)).toEqual([]);
  });
});
