import { asc, eq } from "drizzle-orm";
import { type FulfilmentAttempt, type Language, readStoredText } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { orders } from "../../db/schema";
import { translator } from "../../lib/i18n";
import { fulfilmentAttempts, supplierAccounts } from "../supplier/supplier.schema";

/** An amount and its currency, both null when the amount is not known. */
const money = (amount: string | null, currency: string | null) => ({
  amount,
  currency: amount === null ? null : currency,
});

/** An order's attempts as the console shows them, oldest first; reasons in the reader's language. */
export async function orderAttempts(deps: AppDeps, orderNo: string, language: Language): Promise<FulfilmentAttempt[]> {
  const t = translator(language);
  const rows = await deps.db
    .select({ attempt: fulfilmentAttempts, supplierCode: supplierAccounts.code, supplierName: supplierAccounts.name })
    .from(fulfilmentAttempts)
    .innerJoin(orders, eq(orders.id, fulfilmentAttempts.orderId))
    .innerJoin(supplierAccounts, eq(supplierAccounts.id, fulfilmentAttempts.supplierId))
    .where(eq(orders.orderNo, orderNo))
    .orderBy(asc(fulfilmentAttempts.seq));
  return rows.map(({ attempt: a, supplierCode, supplierName }) => ({
    seq: a.seq,
    supplierCode,
    supplierName,
    supplierProduct: a.supplierProduct,
    reference: a.reference,
    transactionId: a.transactionId,
    face: money(a.faceValue, a.faceCurrency),
    sent: { ...money(a.sendAmount, a.sendCurrency), local: a.sendLocal },
    expectedCost: money(a.expectedCost, a.expectedCostCurrency),
    delivered: money(a.deliveredValue, a.deliveredCurrency),
    shortDelivery: a.shortDelivery,
    cost: a.cost,
    costCurrency: a.cost === null ? null : a.costCurrency,
    orderCost: a.orderCost,
    rate: a.rate,
    rateTime: a.rateAt?.toISOString() ?? null,
    state: a.state,
    detail: readStoredText(t, a.detail),
    startTime: a.createdAt.toISOString(),
    finishTime: a.finishedAt?.toISOString() ?? null,
    latencyMs: a.latencyMs,
  }));
}
