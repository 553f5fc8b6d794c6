import { and, asc, count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { ConsoleDeposit, consoleDepositQuery, Page } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { fetchPage } from "../../db/paging";
import { deposits, files, merchants } from "../../db/schema";
import { fail } from "../../lib/failure";
import { staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";
import { type DepositRow, toDeposit } from "../deposit/deposit.service";
import { approveDeposit, rejectDeposit } from "../deposit/deposit-review.service";
import { readUpload, type StoredFile } from "../upload/upload.service";

/**
 * The console's deposit review: the same decisions as the operator CLI (deposit/deposit-review.service), made by a staff
 * member and audited under their name. The proof is served from the console's own call, since the merchant's file
 * call answers only that merchant's users.
 */
const columns = {
  deposit: deposits,
  merchantNo: merchants.merchantNo,
  merchantName: merchants.name,
  balanceCurrency: merchants.currency,
  proofContentType: files.contentType,
};

function toConsoleDeposit(row: {
  deposit: DepositRow;
  merchantNo: string;
  merchantName: string;
  balanceCurrency: string;
  proofContentType: string | null;
}): ConsoleDeposit {
  const proof = row.proofContentType === null ? null : { contentType: row.proofContentType };
  return {
    ...toDeposit(row.deposit, proof),
    proofUrl: row.deposit.proofFileId === null ? null : `/portal/console/api/deposits/${row.deposit.id}/proof`,
    merchantNo: row.merchantNo,
    merchantName: row.merchantName,
    balanceCurrency: row.balanceCurrency,
  };
}

const selectDeposits = (deps: AppDeps) =>
  deps.db
    .select(columns)
    .from(deposits)
    .innerJoin(merchants, eq(merchants.id, deposits.merchantId))
    .leftJoin(files, eq(files.id, deposits.proofFileId));

/** Every merchant's deposits: the pending ones oldest first (a queue), any other selection newest first. */
export async function listConsoleDeposits(
  deps: AppDeps,
  query: z.output<typeof consoleDepositQuery>,
): Promise<Page<ConsoleDeposit>> {
  const where = and(
    query.status ? eq(deposits.status, query.status) : undefined,
    query.merchantNo ? eq(merchants.merchantNo, query.merchantNo) : undefined,
    query.depositNo ? eq(deposits.depositNo, query.depositNo) : undefined,
  );
  const order = query.status === "pending" ? asc(deposits.id) : desc(deposits.id);
  return fetchPage(
    query,
    {
      rows: (limit, offset) => selectDeposits(deps).where(where).orderBy(order).limit(limit).offset(offset),
      total: () =>
        deps.db
          .select({ n: count() })
          .from(deposits)
          .innerJoin(merchants, eq(merchants.id, deposits.merchantId))
          .where(where),
    },
    toConsoleDeposit,
  );
}

async function consoleDeposit(deps: AppDeps, id: number): Promise<ConsoleDeposit> {
  const [row] = await selectDeposits(deps).where(eq(deposits.id, id));
  if (!row) throw fail("depositNotFound", { depositNo: String(id) });
  return toConsoleDeposit(row);
}

export async function depositProof(deps: AppDeps, id: number): Promise<StoredFile> {
  const [row] = await deps.db.select().from(deposits).where(eq(deposits.id, id));
  if (!row || row.proofFileId === null) throw fail("fileNotFound");
  return readUpload(deps, row.merchantId, row.proofFileId);
}

/** Approves into the merchant's balance currency at `rate` (settled exactly as the CLI does). */
export async function approveFromConsole(deps: AppDeps, staff: StaffContext, id: number, rate: string) {
  const current = await consoleDeposit(deps, id);
  await approveDeposit(deps, staffActor(staff), {
    depositNo: current.depositNo,
    settledCurrency: current.balanceCurrency,
    rate,
  });
  return consoleDeposit(deps, id);
}

export async function rejectFromConsole(deps: AppDeps, staff: StaffContext, id: number, reason: string) {
  const current = await consoleDeposit(deps, id);
  await rejectDeposit(deps, staffActor(staff), { depositNo: current.depositNo, reason });
  return consoleDeposit(deps, id);
}
