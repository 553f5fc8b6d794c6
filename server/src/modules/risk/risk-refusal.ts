import Big from "big.js";
import { and, count, eq, gt } from "drizzle-orm";
import type { RiskRule } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { type merchants, orders } from "../../db/schema";
import { type Failure, fail } from "../../lib/failure";
import type { NewOrder } from "../order/order-insert";
import { blockedAccounts, riskEvents, riskSettings } from "./risk.schema";

type MerchantRow = typeof merchants.$inferSelect;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Why the order statement wrote nothing, when a risk rule is the reason (`merchant`: its row as read after): the rules are asked again in the order
 * the merchant can act on them, the refusal is recorded as a risk event, and its failure answered. Null when no
 * rule refuses (the balance is short, or the merchant disabled). Runs only after a refusal: the placement's
 * happy path never comes here.
 */
export async function riskRefusal(deps: AppDeps, order: NewOrder, merchant: MerchantRow): Promise<Failure | null> {
  const refusal = await findRefusal(deps, order, merchant);
  if (!refusal) return null;
  await deps.db.insert(riskEvents).values({
    rule: refusal.rule,
    merchantId: order.merchantId,
    rechargeAccount: order.rechargeAccount,
    amount: order.amount,
    currency: order.currency,
    source: order.source,
    merchantOrderNo: order.merchantOrderNo,
    createdAt: deps.clock.now(),
  });
  return refusal.failure;
}

async function findRefusal(
  deps: AppDeps,
  order: NewOrder,
  merchant: MerchantRow,
): Promise<{ rule: RiskRule; failure: Failure } | null> {
  const account = order.rechargeAccount;
  const [[settings], [blocked]] = await Promise.all([
    deps.db.select().from(riskSettings).where(eq(riskSettings.id, 1)),
    account ? deps.db.select().from(blockedAccounts).where(eq(blockedAccounts.account, account)) : Promise.resolve([]),
  ]);
  if (blocked) return { rule: "blockedAccount", failure: fail("riskBlockedAccount", { account }) };

  if (settings?.velocityPerHour != null && account) {
    const since = new Date(order.at.getTime() - HOUR_MS);
    const [recent] = await deps.db
      .select({ n: count() })
      .from(orders)
      .where(
        and(eq(orders.merchantId, order.merchantId), eq(orders.rechargeAccount, account), gt(orders.createdAt, since)),
      );
    if (Number(recent?.n ?? 0) + 1 > settings.velocityPerHour)
      return { rule: "velocity", failure: fail("riskVelocity", { account, limit: settings.velocityPerHour }) };
  }

  const { coolingDays, coolingMinAmount } = settings ?? {};
  if (
    coolingDays != null &&
    coolingMinAmount != null &&
    merchant.createdAt.getTime() > order.at.getTime() - coolingDays * DAY_MS &&
    new Big(order.amount).gte(coolingMinAmount)
  ) {
    const amount = new Big(coolingMinAmount).toFixed(2);
    return {
      rule: "cooling",
      failure: fail("riskCooling", { amount, currency: order.currency, days: coolingDays }),
    };
  }

  const sameDay = merchant.usageDay === order.at.toISOString().slice(0, 10);
  if (merchant.dailyCountLimit !== null && (sameDay ? merchant.dayCount : 0) + 1 > merchant.dailyCountLimit)
    return { rule: "dailyCount", failure: fail("riskDailyCount", { limit: merchant.dailyCountLimit }) };
  if (merchant.dailyAmountLimit !== null) {
    const total = new Big(sameDay ? merchant.dayAmount : 0).plus(order.amount);
    if (total.gt(merchant.dailyAmountLimit))
      return {
        rule: "dailyAmount",
        failure: fail("riskDailyAmount", {
          total: total.toFixed(2),
          limit: new Big(merchant.dailyAmountLimit).toFixed(2),
          currency: order.currency,
        }),
      };
  }
  return null;
}
