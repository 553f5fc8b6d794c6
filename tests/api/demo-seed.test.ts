import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants, productSkus, users } from "../../server/src/db/schema";
import { listBankAccounts } from "../../server/src/modules/deposit/bank-account.service";
import {
  DEMO_BANK_ACCOUNT,
  DEMO_OPENING_BALANCE,
  demoUsers,
  isEmpty,
  seedDemo,
} from "../../server/src/modules/provisioning/demo-seed";
import { closeTestApp } from "../support/api-helpers";
import { balanceOf } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

describe.each(engines)("the first start's demo seed on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => closeTestApp(t));

  const rows = async () => ({
    merchants: Number((await t.deps.db.select({ n: count() }).from(merchants))[0]?.n),
    users: Number((await t.deps.db.select({ n: count() }).from(users))[0]?.n),
    skus: Number((await t.deps.db.select({ n: count() }).from(productSkus))[0]?.n),
  });

  it.each(["merchant", "users", "catalog"])(
    "is all or nothing: stopped after the %s, it leaves nothing",
    async (step) => {
      const stop = new Error(`killed after ${step}`);
      await expect(
        seedDemo(t.deps, { onStep: async (at) => (at === step ? Promise.reject(stop) : undefined) }),
      ).rejects.toBe(stop);
      expect(await rows()).toEqual({ merchants: 0, users: 0, skus: 0 });
      expect(await isEmpty(t.deps)).toBe(true);
    },
  );

  it("then seeds the whole demo at the next start: merchant, three users, catalog and opening balance", async () => {
    const seeded = await seedDemo(t.deps);
    const counts = await rows();
    expect(counts.merchants).toBe(1);
    expect(counts.users).toBe(demoUsers.length);
    expect(counts.skus).toBeGreaterThan(5);
    const [merchant] = await t.deps.db.select().from(merchants).where(eq(merchants.merchantNo, seeded.merchantNo));
    expect(await balanceOf(t, merchant!.id)).toBe(Number(DEMO_OPENING_BALANCE).toFixed(4));
    await t.login("admin@demo.test", seeded.password);
    // The Recharge dialog has somewhere to send the money.
    expect(await listBankAccounts(t.deps, { currency: "USD" })).toEqual([
      expect.objectContaining({ ...DEMO_BANK_ACCOUNT, enabled: true }),
    ]);
  });
});
