import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { MessageRef } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { orderBatches } from "../../db/schema";
import { Failure } from "../../lib/failure";
import { buildOrder, type OrderItem, type OrderPlacer, orderableTarget, placeBuiltOrder } from "./place-order";

export interface BatchRowOutcome {
  index: number;
  ok: boolean;
  orderNo?: string;
  merchantOrderNo?: string;
  message?: MessageRef;
  errors?: Record<string, MessageRef>;
}

export interface BatchOutcome {
  batchId: string;
  successCount: number;
  failCount: number;
  results: BatchRowOutcome[];
}

/**
 * A batch is N independent orders under one batch id: each row is validated and placed on its own (the same
 * idempotent placement as a single order), so one bad row or a balance that runs out fails only the rows it
 * touches. Rows are placed in their order, so "which rows went through" is predictable when money runs short.
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
  const results = await Promise.all(
    request.items.map(async (item, index): Promise<BatchRowOutcome> => {
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
        const { row } = await placeBuiltOrder(deps, built.order);
        return { index, ok: true, orderNo: row.orderNo, merchantOrderNo: row.merchantOrderNo };
      } catch (error) {
        if (!(error instanceof Failure)) throw error;
        return {
          index,
          ok: false,
          merchantOrderNo: built.order.merchantOrderNo,
          message: error.messageRef,
        };
      }
    }),
  );
  const successCount = results.filter((r) => r.ok).length;
  const failCount = results.length - successCount;
  await deps.db.update(orderBatches).set({ successCount, failCount }).where(eq(orderBatches.id, batch.id));
  return { batchId: batchNo, successCount, failCount, results };
}
