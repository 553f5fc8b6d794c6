import { and, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Deposit, DepositListQuery, newDeposit, Page, PageQuery, SortKey } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { fetchNewestFirst, withinTimes } from "../../db/paging";
import { pgErrorCode } from "../../db/raw";
import { deposits, files } from "../../db/schema";
import { fail } from "../../lib/failure";
import type { AuthContext } from "../auth/auth-context";
import { fileUrl } from "../upload/upload.service";
import { enabledGatewayNames } from "./payment-gateway.service";

export type DepositRow = typeof deposits.$inferSelect;
type FileRef = { contentType: string } | null;

/** Deposit numbers look like D20261121000000042: the day, then a sequence. */
export const nextDepositNo = (at: Date) =>
  sql`'D' || to_char(${at.toISOString()}::timestamptz at time zone 'UTC', 'YYYYMMDD') || lpad(nextval('deposit_no_seq')::text, 10, '0')`;

export function toDeposit(row: DepositRow, file: FileRef): Deposit {
  return {
    id: row.id,
    depositNo: row.depositNo,
    type: row.type,
    amount: row.amount,
    currency: row.currency,
    referenceNo: row.referenceNo,
    paymentGateway: row.paymentGateway,
    transactionTime: row.transactionTime.toISOString(),
    settledAmount: row.settledAmount,
    settledCurrency: row.settledCurrency,
    exchangeRate: row.exchangeRate,
    balanceBefore: row.balanceBefore,
    balanceAfter: row.balanceAfter,
    status: row.status,
    statusTime: row.statusTime.toISOString(),
    companyName: row.companyName,
    bankAccount: row.bankAccount,
    proofFileId: row.proofFileId,
    proofUrl: row.proofFileId === null ? null : fileUrl(row.proofFileId),
    proofContentType: file?.contentType ?? null,
    remarks: row.remarks,
    rejectReason: row.rejectReason,
    createTime: row.createdAt.toISOString(),
  };
}

function listFilter(merchantId: number, q: DepositListQuery): SQL | undefined {
  return and(
    eq(deposits.merchantId, merchantId),
    q.status ? eq(deposits.status, q.status) : undefined,
    q.referenceNo ? eq(deposits.referenceNo, q.referenceNo) : undefined,
    withinTimes(deposits.createdAt, q),
  );
}

/** Recharge History: the merchant's deposits, newest first. */
export async function listDeposits(
  deps: AppDeps,
  auth: AuthContext,
  query: PageQuery & DepositListQuery & { sort?: SortKey[] },
): Promise<Page<Deposit>> {
  const { db } = deps;
  const list = {
    table: deposits,
    id: deposits.id,
    createdAt: deposits.createdAt,
    where: listFilter(auth.merchantId, query),
    sort: {
      keys: query.sort ?? [],
      columns: { transactionTime: deposits.transactionTime, amount: deposits.amount },
    },
  };
  return fetchNewestFirst(
    db,
    query,
    list,
    (only, order) =>
      db
        .select({ deposit: deposits, contentType: files.contentType })
        .from(deposits)
        .leftJoin(files, eq(files.id, deposits.proofFileId))
        .where(only)
        .orderBy(...order),
    (r) => toDeposit(r.deposit, r.contentType === null ? null : { contentType: r.contentType }),
  );
}

/** A 409 that also names the field, so the form shows it beside the reference number. */
const referenceTaken = (referenceNo: string) => fail("depositReferenceTaken", { referenceNo });

/**
 * A merchant reports a transfer: Pending, no balance change. The proof must be a file this merchant uploaded;
 * the reference number is unique per merchant (checked first for a clear answer, and by the unique index for
 * two submissions that race).
 */
export async function createDeposit(
  deps: AppDeps,
  auth: AuthContext,
  input: z.output<typeof newDeposit>,
): Promise<Deposit> {
  const { db } = deps;
  const [file] = await db
    .select({ contentType: files.contentType })
    .from(files)
    .where(and(eq(files.id, input.proofFileId), eq(files.merchantId, auth.merchantId)));
  if (!file) throw fail("proofFileNotFound");
  // Once the reseller lists its payment methods, a recharge names one of them (as the form offers).
  const gateways = await enabledGatewayNames(deps);
  if (gateways.length > 0 && !gateways.includes(input.paymentGateway)) throw fail("paymentGatewayUnknown");
  const [taken] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.merchantId, auth.merchantId), eq(deposits.referenceNo, input.referenceNo)));
  if (taken) throw referenceTaken(input.referenceNo);
  const now = deps.clock.now();
  try {
    const [row] = await db
      .insert(deposits)
      .values({
        depositNo: nextDepositNo(now),
        merchantId: auth.merchantId,
        type: "add",
        amount: input.amount,
        currency: input.currency,
        referenceNo: input.referenceNo,
        paymentGateway: input.paymentGateway,
        transactionTime: new Date(input.transactionTime),
        proofFileId: input.proofFileId,
        companyName: input.companyName,
        bankAccount: input.bankAccount,
        remarks: input.remarks,
        status: "pending",
        statusTime: now,
        createdBy: auth.userId,
        createdAt: now,
      })
      .returning();
    return toDeposit(row!, file);
  } catch (error) {
    const { code, constraint } = pgErrorCode(error);
    if (code === "23505" && constraint === "deposits_reference_key") throw referenceTaken(input.referenceNo);
    throw error;
  }
}
