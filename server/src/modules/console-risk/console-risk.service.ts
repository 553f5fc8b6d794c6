import { and, asc, count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type {
  BlockedAccount,
  blockedAccountBody,
  blockedAccountQuery,
  Page,
  RiskEvent,
  RiskSettings,
  riskEventQuery,
  riskSettingsBody,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { fetchPage, withinTimes } from "../../db/paging";
import { unlessTaken } from "../../db/raw";
import { merchants } from "../../db/schema";
import { fail } from "../../lib/failure";
import { recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";
import { blockedAccounts, riskEvents, riskSettings } from "../risk/risk.schema";

/** The console's risk area: the rules' settings, the blocked accounts, and the orders they refused. */

export async function getRiskSettings(deps: AppDeps, tx: Executor = deps.db): Promise<RiskSettings> {
  const [row] = await tx.select().from(riskSettings).where(eq(riskSettings.id, 1));
  return {
    velocityPerHour: row?.velocityPerHour == null ? "" : String(row.velocityPerHour),
    coolingDays: row?.coolingDays == null ? "" : String(row.coolingDays),
    coolingMinAmount: row?.coolingMinAmount ?? "",
    updateTime: row?.updatedAt?.toISOString() ?? null,
  };
}

export async function updateRiskSettings(
  deps: AppDeps,
  staff: StaffContext,
  body: z.output<typeof riskSettingsBody>,
): Promise<RiskSettings> {
  const whole = (v: string) => (v === "" ? null : Number(v));
  const saved = await deps.db.transaction(async (tx) => {
    const before = await getRiskSettings(deps, tx);
    await tx
      .update(riskSettings)
      .set({
        velocityPerHour: whole(body.velocityPerHour),
        coolingDays: whole(body.coolingDays),
        coolingMinAmount: body.coolingMinAmount || null,
        updatedAt: deps.clock.now(),
      })
      .where(eq(riskSettings.id, 1));
    const after = await getRiskSettings(deps, tx);
    const { updateTime: _b, ...was } = before;
    const { updateTime: _a, ...is } = after;
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: null,
      action: "risk.changed",
      target: { kind: "riskSettings", id: 1 },
      before: was,
      after: is,
    });
    return after;
  });
  // After the commit: an order read in between would otherwise keep the old rules for the cache's time.
  deps.riskRules.forget();
  return saved;
}

const toBlocked = (row: typeof blockedAccounts.$inferSelect): BlockedAccount => ({
  account: row.account,
  reason: row.reason,
  createdBy: row.createdBy,
  createTime: row.createdAt.toISOString(),
});

export function listBlocked(deps: AppDeps, query: z.output<typeof blockedAccountQuery>): Promise<Page<BlockedAccount>> {
  const where = query.account ? eq(blockedAccounts.account, query.account) : undefined;
  return fetchPage(
    query,
    {
      rows: (limit, offset) =>
        deps.db
          .select()
          .from(blockedAccounts)
          .where(where)
          .orderBy(desc(blockedAccounts.createdAt), asc(blockedAccounts.account))
          .limit(limit)
          .offset(offset),
      total: () => deps.db.select({ n: count() }).from(blockedAccounts).where(where),
    },
    toBlocked,
  );
}

export async function blockAccount(
  deps: AppDeps,
  staff: StaffContext,
  body: z.output<typeof blockedAccountBody>,
): Promise<BlockedAccount> {
  return unlessTaken(
    async () => {
      const blocked = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(blockedAccounts)
          .values({
            account: body.account,
            reason: body.reason,
            createdBy: staff.username,
            createdAt: deps.clock.now(),
          })
          .returning();
        await recordAudit(deps, tx, {
          actor: staffActor(staff),
          merchantId: null,
          action: "risk.accountBlocked",
          target: { kind: "rechargeAccount", id: body.account },
          after: { reason: body.reason },
        });
        return toBlocked(row!);
      });
      deps.riskRules.forget();
      return blocked;
    },
    () => fail("blockedAccountTaken"),
  );
}

export async function unblockAccount(deps: AppDeps, staff: StaffContext, account: string): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(blockedAccounts).where(eq(blockedAccounts.account, account)).returning();
    if (!row) throw fail("blockedAccountNotFound");
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: null,
      action: "risk.accountUnblocked",
      target: { kind: "rechargeAccount", id: account },
      before: { reason: row.reason },
    });
  });
  deps.riskRules.forget();
  return null;
}

/** Refused orders, newest first, searched by rule, merchant, account and time. */
export function listRiskEvents(deps: AppDeps, query: z.output<typeof riskEventQuery>): Promise<Page<RiskEvent>> {
  const where = and(
    query.rule ? eq(riskEvents.rule, query.rule) : undefined,
    query.merchantNo ? eq(merchants.merchantNo, query.merchantNo.toUpperCase()) : undefined,
    query.rechargeAccount ? eq(riskEvents.rechargeAccount, query.rechargeAccount) : undefined,
    withinTimes(riskEvents.createdAt, query),
  );
  return fetchPage(
    query,
    {
      rows: (limit, offset) =>
        deps.db
          .select({ event: riskEvents, merchantNo: merchants.merchantNo, merchantName: merchants.name })
          .from(riskEvents)
          .innerJoin(merchants, eq(merchants.id, riskEvents.merchantId))
          .where(where)
          .orderBy(desc(riskEvents.createdAt), desc(riskEvents.id))
          .limit(limit)
          .offset(offset),
      total: () =>
        deps.db
          .select({ n: count() })
          .from(riskEvents)
          .innerJoin(merchants, eq(merchants.id, riskEvents.merchantId))
          .where(where),
    },
    ({ event, merchantNo, merchantName }) => ({
      id: event.id,
      rule: event.rule,
      merchantNo,
      merchantName,
      rechargeAccount: event.rechargeAccount,
      amount: event.amount,
      currency: event.currency,
      source: event.source,
      merchantOrderNo: event.merchantOrderNo,
      time: event.createdAt.toISOString(),
    }),
  );
}
