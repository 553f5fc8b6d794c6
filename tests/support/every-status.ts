import { orderCalls, PORTAL_BASE } from "#contracts";
import { approveDeposit, rejectDeposit } from "../../server/src/modules/deposit/deposit-review.service";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { seedDemoCatalog } from "../../server/src/modules/provisioning/demo-catalog";
import { demoTopupSku } from "./e2e";
import { merchantIdOf, submitDeposit } from "./funds-fixtures";
import { fund } from "./order-fixtures";
import { TEST_OPERATOR, type TestApp, type TestMerchant } from "./test-app";

export interface EveryStatusShop {
  merchant: TestMerchant;
  merchantId: number;
  /** One order number per status, for the detail pages. */
  orders: { success: string; failed: string; processing: string };
}

/**
 * A merchant whose pages hold a record in every status they show: orders successful, failed (the demo simulator
 * rejects accounts ending in 0000) and still processing, a batch, and recharges pending, approved and rejected.
 * The accessibility test and the screenshot bench read every page with it, so no tag colour or column goes unseen.
 * Moves the test clock past the simulator's delay once (the processing order is placed after that round).
 */
export async function shopInEveryStatus(t: TestApp): Promise<EveryStatusShop> {
  const merchant = await t.merchant();
  await seedDemoCatalog(t.deps, merchant.merchantNo);
  const merchantId = await merchantIdOf(t, merchant.merchantNo);
  await fund(t, merchantId, "1000");
  const token = await t.login(merchant.users.operator.username);
  const sku = await demoTopupSku(t);
  const place = async (account: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: `${PORTAL_BASE}${orderCalls.create.path}`,
      headers: { authorization: token },
      payload: { ...sku, inputs: { account } },
    });
    if (res.statusCode !== 200) throw new Error(`order for ${account}: ${res.body}`);
    return res.json().data.orderNo as string;
  };
  const success = await place("13800138001");
  const failed = await place("13800000000");
  const batch = await t.app.inject({
    method: "POST",
    url: `${PORTAL_BASE}${orderCalls.batch.path}`,
    headers: { authorization: token },
    payload: { ...sku, items: [{ inputs: { account: "13800138002" } }, { inputs: { account: "13900000000" } }] },
  });
  if (batch.statusCode !== 200) throw new Error(`batch: ${batch.body}`);
  t.clock.advance(t.deps.config.SIMULATOR_DELAY_MS + 1_000);
  await runFulfilmentOnce(t.deps);
  const processing = await place("13800138003");

  // Recharges are the admin's and finance's; operators cannot submit them.
  const finance = await t.login(merchant.users.finance.username);
  const approved = await submitDeposit(t, finance, merchantId);
  await approveDeposit(t.deps, TEST_OPERATOR, { depositNo: approved.depositNo, settledCurrency: "USD", rate: "1" });
  const rejected = await submitDeposit(t, finance, merchantId);
  await rejectDeposit(t.deps, TEST_OPERATOR, { depositNo: rejected.depositNo, reason: "Proof unreadable" });
  await submitDeposit(t, finance, merchantId);
  return { merchant, merchantId, orders: { success, failed, processing } };
}
