import { asc, eq } from "drizzle-orm";
import { type FulfilmentAttempt, type Language, readStoredText } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { orders } from "../../db/schema";
import { translator } from "../../lib/i18n";
import { fulfilmentAttempts, supplierAccounts } from "../supplier/supplier.schema";

/** An order's attempts as the console shows them, oldest first; refusal reasons in the reader's language. */
export async function orderAttempts(deps: AppDeps, orderNo: string, language: Language): Promise<FulfilmentAttempt[]> {
  const t = translator(language);
  const rows = await deps.db
    .select({
      seq: fulfilmentAttempts.seq,
      supplierCode: supplierAccounts.code,
      supplierName: supplierAccounts.name,
      supplierProduct: fulfilmentAttempts.supplierProduct,
      reference: fulfilmentAttempts.reference,
      transactionId: fulfilmentAttempts.transactionId,
      cost: fulfilmentAttempts.cost,
      costCurrency: fulfilmentAttempts.costCurrency,
      state: fulfilmentAttempts.state,
      detail: fulfilmentAttempts.detail,
      createdAt: fulfilmentAttempts.createdAt,
      finishedAt: fulfilmentAttempts.finishedAt,
      latencyMs: fulfilmentAttempts.latencyMs,
    })
    .from(fulfilmentAttempts)
    .innerJoin(orders, eq(orders.id, fulfilmentAttempts.orderId))
    .innerJoin(supplierAccounts, eq(supplierAccounts.id, fulfilmentAttempts.supplierId))
    .where(eq(orders.orderNo, orderNo))
    .orderBy(asc(fulfilmentAttempts.seq));
  return rows.map(({ createdAt, finishedAt, detail, ...a }) => ({
    ...a,
    detail: readStoredText(t, detail),
    startTime: createdAt.toISOString(),
    finishTime: finishedAt?.toISOString() ?? null,
  }));
}
