import { and, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  ConsoleMerchant,
  consoleMerchantCreate,
  consoleMerchantQuery,
  consoleMerchantUpdate,
  MemberItem,
  Page,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import { containing } from "../../db/like";
import { fetchPage } from "../../db/paging";
import { merchants, priceLists, users } from "../../db/schema";
import { fail } from "../../lib/failure";
import { recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";
import { listMembers } from "../member/member.service";
import type { MemberActing } from "../member/member-guard";
import { createMerchant } from "../provisioning/provisioning.service";

/**
 * The console's merchants: the reseller's staff create, edit, enable and disable merchants, and act on their
 * users through the same member services a merchant's admin uses (as a staff member: `callerId` null), so the
 * rules (never zero enabled admins) and the audit entries are the same.
 */
type MerchantRow = typeof merchants.$inferSelect;

// Spelled out with their tables: drizzle leaves a one-table query's columns unqualified, so `merchant_id = id`
// compared each user with itself (the list said 1 user for a merchant of three).
const userCount = sql<number>`(select count(*)::int from ${users} u where u.merchant_id = ${merchants}.id)`;
const priceListName = sql<
  string | null
>`(select pl.name from ${priceLists} pl where pl.id = ${merchants}.price_list_id)`;
const merchantColumns = { merchant: merchants, users: userCount, priceListName };

function toConsoleMerchant(row: MerchantRow, usersOf: number, listName: string | null): ConsoleMerchant {
  return {
    id: row.id,
    merchantNo: row.merchantNo,
    name: row.name,
    companyName: row.companyName,
    contactPerson: row.contactPerson,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    website: row.website,
    status: row.status,
    balance: row.balance,
    currency: row.currency,
    lowBalanceThreshold: row.lowBalanceThreshold ?? "",
    dailyAmountLimit: row.dailyAmountLimit ?? "",
    dailyCountLimit: row.dailyCountLimit === null ? "" : String(row.dailyCountLimit),
    priceListId: row.priceListId,
    priceListName: listName,
    users: Number(usersOf),
    createTime: row.createdAt.toISOString(),
  };
}

export async function listConsoleMerchants(
  deps: AppDeps,
  query: z.output<typeof consoleMerchantQuery>,
): Promise<Page<ConsoleMerchant>> {
  const keyword = query.keyword;
  const where = and(
    keyword
      ? or(
          eq(merchants.merchantNo, keyword.toUpperCase()),
          ilike(merchants.name, containing(keyword)),
          ilike(merchants.companyName, containing(keyword)),
        )
      : undefined,
    query.status ? eq(merchants.status, query.status) : undefined,
    // A sandbox is part of its merchant's API settings, not a merchant staff manage.
    isNull(merchants.sandboxOf),
  );
  return fetchPage(
    query,
    {
      rows: (limit, offset) =>
        deps.db
          .select(merchantColumns)
          .from(merchants)
          .where(where)
          .orderBy(desc(merchants.id))
          .limit(limit)
          .offset(offset),
      total: () => deps.db.select({ n: count() }).from(merchants).where(where),
    },
    (row) => toConsoleMerchant(row.merchant, row.users, row.priceListName),
  );
}

export async function consoleMerchant(deps: AppDeps, id: number): Promise<ConsoleMerchant> {
  const [row] = await deps.db.select(merchantColumns).from(merchants).where(eq(merchants.id, id));
  if (!row) throw fail("merchantNotFound", { merchantNo: String(id) });
  return toConsoleMerchant(row.merchant, row.users, row.priceListName);
}

export async function createConsoleMerchant(
  deps: AppDeps,
  staff: StaffContext,
  body: z.output<typeof consoleMerchantCreate>,
): Promise<ConsoleMerchant> {
  const { merchantName, ...rest } = body;
  const created = await createMerchant(deps, staffActor(staff), { name: merchantName, ...rest });
  return consoleMerchant(deps, created.id);
}

/** The daily limits as stored: empty is none. */
const riskLimits = (body: { dailyAmountLimit: string; dailyCountLimit: string }) => ({
  dailyAmountLimit: body.dailyAmountLimit || null,
  dailyCountLimit: body.dailyCountLimit ? Number(body.dailyCountLimit) : null,
});

/** What the audit log keeps of a merchant's details. */
const audited = (m: MerchantRow) => ({
  name: m.name,
  companyName: m.companyName,
  contactPerson: m.contactPerson,
  contactPhone: m.contactPhone,
  contactEmail: m.contactEmail,
  website: m.website,
  status: m.status,
  lowBalanceThreshold: m.lowBalanceThreshold,
  dailyAmountLimit: m.dailyAmountLimit,
  dailyCountLimit: m.dailyCountLimit,
});

/** Changes a merchant's row and writes its audit entry, in one transaction, the row locked meanwhile. */
async function changeMerchant(
  deps: AppDeps,
  staff: StaffContext,
  id: number,
  action: "merchant.changed" | "merchant.enabled" | "merchant.disabled",
  values: Partial<MerchantRow>,
): Promise<ConsoleMerchant> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(merchants).where(eq(merchants.id, id)).for("update");
    if (!before) throw fail("merchantNotFound", { merchantNo: String(id) });
    const [after] = await tx
      .update(merchants)
      .set({ ...values, updatedAt: deps.clock.now() })
      .where(eq(merchants.id, id))
      .returning();
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: id,
      action,
      target: { kind: "merchant", id: before.merchantNo },
      before: audited(before),
      after: audited(after!),
    });
  });
  return consoleMerchant(deps, id);
}

export function updateConsoleMerchant(
  deps: AppDeps,
  staff: StaffContext,
  id: number,
  body: z.output<typeof consoleMerchantUpdate>,
): Promise<ConsoleMerchant> {
  const { merchantName, lowBalanceThreshold, ...rest } = body;
  return changeMerchant(deps, staff, id, "merchant.changed", {
    ...rest,
    ...riskLimits(body),
    name: merchantName,
    lowBalanceThreshold: lowBalanceThreshold || null,
  });
}

/**
 * Enables or disables a merchant. Disabled, its users' sessions and its Open API calls are refused from the
 * next call on (both check the merchant's status on every call), and its users cannot sign in.
 */
export function setMerchantStatus(
  deps: AppDeps,
  staff: StaffContext,
  id: number,
  status: "enabled" | "disabled",
): Promise<ConsoleMerchant> {
  return changeMerchant(deps, staff, id, status === "enabled" ? "merchant.enabled" : "merchant.disabled", { status });
}

export async function merchantUsers(deps: AppDeps, id: number): Promise<MemberItem[]> {
  await consoleMerchant(deps, id);
  return (await listMembers(deps, id, { pageNum: 1, pageSize: 1000 })).list;
}

/** A staff member acting on a merchant's users: no "own account" to protect, audited under the staff member. */
export async function staffActing(deps: AppDeps, staff: StaffContext, merchantId: number): Promise<MemberActing> {
  await consoleMerchant(deps, merchantId);
  return { merchantId, callerId: null, actor: staffActor(staff) };
}
