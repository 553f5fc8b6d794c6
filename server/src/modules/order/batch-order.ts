import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { MessageRef } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { orderBatches } from "../../db/schema";
import { Failure } from "../../lib/failure";
import { buildOrder, type OrderItem, type OrderPlacer, orderableTarget, placeBuiltOrder } from "./place-order";

/** One submitted row's outcome, as answered and as kept on the batch (messages as keys, translated when read). */
export interface BatchRowOutcome {
  index: number;
  ok: boolean;
  orderNo?: string;
  merchantOrderNo?: string;
  /** The merchant order number was an order already (same content): nothing was placed or paid again. */
  existing?: boolean;
  existingBatchId?: string | null;
  message?: MessageRef;
  errors?: Record<string, MessageRef>;
}

export interface BatchOutcome {
  batchId: string | null;
  successCount: number;
  failCount: number;
  existingCount: number;
  results: BatchRowOutcome[];
}

/**
 * A batch is N independent orders under one batch id: each row is validated and placed on its own (the same
 * idempotent placement as a single order), so one bad row or a balance that runs out fails only the rows it
 * touches. Rows are placed in their order, so "which rows went through" is predictable when money runs short.
 *
 * A row whose merchant order number is already an order (a batch sent again) is reported as that existing
 * order, not as placed; a submission that places no new order keeps no batch (no empty batch in the history).
 */
export async function placeBatch(
  deps: AppDeps,
  placer: OrderPlacer,
  request: { productId: number; skuId: number; items: OrderItem[] },
): Promise<BatchOutcome> {
  const target = await orderableTarget(deps, placer.merchantId, request.productId, request.skuId);
  const at = deps.clock.now();
  const batchNo = `B${at.toISOString().replace(/\D/g, "").slice(0, 14)}${randomBytes(3).toString("hex").toUpperCase()}`;
  const [batch] = await deps.db
    .insert(orderBatches)
    .values({
      batchNo,
      merchantId: placer.merchantId,
      productId: request.productId,
      skuId: request.skuId,
      createdBy: placer.userId,
      itemCount: request.items.length,
      createdAt: at,
    })
    .returning({ id: orderBatches.id });
  if (!batch) throw new Error("batch row was not created");

  // All rows go at once: the merchant's grouping queue places them in order, up to MAX_GROUP per statement,
  // and falls back to one by one only for a chunk that cannot go through whole.
  const placed = await Promise.all(
    request.items.map(async (item, index): Promise<BatchRowOutcome & { earlierBatch?: number | null }> => {
      const built = buildOrder(deps, placer, target, item, batch.id);
      if ("errors" in built)
        return {
          index,
          ok: false,
          merchantOrderNo: item.merchantOrderNo,
          message: "validation.failedRow",
          errors: built.errors,
        };
      try {
        const { row, created } = await placeBuiltOrder(deps, target, built.order);
        const ok = { index, ok: true, orderNo: row.orderNo, merchantOrderNo: row.merchantOrderNo };
        return created ? ok : { ...ok, existing: true, earlierBatch: row.batchId };
      } catch (error) {
        if (!(error instanceof Failure)) throw error;
        return { index, ok: false, merchantOrderNo: built.order.merchantOrderNo, message: error.messageRef };
      }
    }),
  );
  const results = await withBatchNos(deps, placed);
  const successCount = results.filter((r) => r.ok && !r.existing).length;
  const existingCount = results.filter((r) => r.existing).length;
  const failCount = results.length - successCount - existingCount;
  if (successCount === 0) {
    await deps.db.delete(orderBatches).where(eq(orderBatches.id, batch.id));
    return { batchId: null, successCount, failCount, existingCount, results };
  }
  await deps.db
    .update(orderBatches)
    .set({ successCount, failCount, existingCount, results })
    .where(eq(orderBatches.id, batch.id));
  return { batchId: batchNo, successCount, failCount, existingCount, results };
}

/** Existing orders' batches by number (a resubmitted batch names a few at most). */
async function withBatchNos(
  deps: AppDeps,
  rows: (BatchRowOutcome & { earlierBatch?: number | null })[],
): Promise<BatchRowOutcome[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.earlierBatch ? [r.earlierBatch] : [])))];
  const found =
    ids.length === 0
      ? []
      : await deps.db
          .select({ id: orderBatches.id, batchNo: orderBatches.batchNo })
          .from(orderBatches)
          .where(inArray(orderBatches.id, ids));
  const batchNos = new Map(found.map((b) => [b.id, b.batchNo]));
  return rows.map(({ earlierBatch, ...row }) =>
    row.existing ? { ...row, existingBatchId: earlierBatch ? (batchNos.get(earlierBatch) ?? null) : null } : row,
  );
}
