import { and, eq } from "drizzle-orm";
import type { Language, OpenApiKeys, OpenApiOrder } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { merchantApps, merchants, orderEvents, orders } from "../../db/schema";
import { fail } from "../../lib/failure";
import { readCards, toOrder } from "../order/order.service";
import type { OrderRow } from "../order/place-order";
import type { OpenApiCaller } from "./openapi-auth";

export async function balanceOf(deps: AppDeps, caller: OpenApiCaller) {
  const [row] = await deps.db
    .select({ balance: merchants.balance, currency: merchants.currency })
    .from(merchants)
    .where(eq(merchants.id, caller.merchantId));
  if (!row) throw fail("notFound");
  return { merchantNo: caller.merchantNo, balance: row.balance, currency: row.currency };
}

/**
 * The platform public keys the caller may verify answers and callbacks with: the current one, and the one before
 * the last rotation while it is still listed (callbacks signed with it may still arrive as retries were sent).
 */
export async function platformKeysOf(deps: AppDeps, caller: OpenApiCaller): Promise<OpenApiKeys> {
  const [app] = await deps.db.select().from(merchantApps).where(eq(merchantApps.merchantId, caller.merchantId));
  if (!app) throw fail("notFound");
  const keys: OpenApiKeys["keys"] = [
    { serial: app.platformKeySerial, algorithm: "SHA256withRSA", publicKey: app.platformPublicKey, validUntil: null },
  ];
  const until = app.previousPlatformKeyUntil;
  if (app.previousPlatformPublicKey && app.previousPlatformKeySerial && until && until > deps.clock.now())
    keys.push({
      serial: app.previousPlatformKeySerial,
      algorithm: "SHA256withRSA",
      publicKey: app.previousPlatformPublicKey,
      validUntil: until.toISOString(),
    });
  return { keys };
}

/** Without gift-card codes: what placing an order answers (it is Processing, there are none yet). */
export function toOpenApiOrder(row: OrderRow, language: Language, batchNo: string | null = null): OpenApiOrder {
  const { placedBy: _portalOnly, ...order } = toOrder(row, batchNo, language);
  return { ...order, version: row.version, cards: null };
}

/**
 * An order of the caller by the merchant's number or ours. A successful gift-card order answers its codes in
 * full: this signed query is the only way they leave the platform (never in callbacks), and each time it is
 * recorded on the order's timeline.
 */
export async function findOpenApiOrder(
  deps: AppDeps,
  caller: OpenApiCaller,
  by: { merchantOrderNo: string } | { orderNo: string },
  language: Language,
): Promise<OpenApiOrder> {
  const key = "orderNo" in by ? eq(orders.orderNo, by.orderNo) : eq(orders.merchantOrderNo, by.merchantOrderNo);
  const [row] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.merchantId, caller.merchantId), key));
  if (!row) throw fail("orderNotFound");
  return openApiAnswer(deps, caller, row, language);
}

/** The order as the query answers it: a successful gift-card order with its codes, the reveal recorded. */
export async function openApiAnswer(
  deps: AppDeps,
  caller: OpenApiCaller,
  row: OrderRow,
  language: Language,
): Promise<OpenApiOrder> {
  const answer = toOpenApiOrder(row, language);
  if (row.status !== "success" || !row.resultSealed) return answer;
  const cards = readCards(deps, row.resultSealed);
  if (cards.length === 0) return answer;
  await deps.db.insert(orderEvents).values({
    orderId: row.id,
    kind: "revealed",
    detail: `Open API ${caller.appId}`,
    createdAt: deps.clock.now(),
  });
  return { ...answer, cards };
}
