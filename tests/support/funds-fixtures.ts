import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Deposit } from "#contracts";
import { files, merchants } from "../../server/src/db/schema";
import { call, EN } from "./api-helpers";
import type { TestApp } from "./test-app";

/** A real 1x1 PNG: the server recognises uploads by their bytes. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export const DEPOSIT = "/portal/merchant/api/fund/deposit";
export const DEPOSIT_LIST = "/portal/merchant/api/fund/deposit/list";
export const LEDGER_LIST = "/portal/merchant/api/fund/transaction/list";

/** An uploaded proof written straight into `files` (the upload call is tested on its own). */
export async function insertProof(t: TestApp, merchantId: number, contentType = "image/png"): Promise<number> {
  const [row] = await t.deps.db
    .insert(files)
    .values({ merchantId, storageKey: `sha256/${merchantId}-${Math.random()}`, contentType, size: 68 })
    .returning({ id: files.id });
  return row!.id;
}

export async function merchantIdOf(t: TestApp, merchantNo: string): Promise<number> {
  const [row] = await t.deps.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.merchantNo, merchantNo));
  return row!.id;
}

let referenceCounter = 0;

/** A complete recharge form; `proofFileId` must be the caller's file. */
export function depositForm(proofFileId: number, extra: Record<string, unknown> = {}) {
  referenceCounter += 1;
  return {
    amount: "100.00",
    currency: "USD",
    referenceNo: `REF-${Date.now()}-${referenceCounter}`,
    paymentGateway: "SWIFT",
    transactionTime: "2026-11-20T08:30:00.000Z",
    proofFileId,
    companyName: "Acme Ltd",
    bankAccount: "DE89370400440532013000",
    remarks: "",
    ...extra,
  };
}

/** Submits a recharge through the API and answers the record (fails the test on anything but 200). */
export async function submitDeposit(
  t: TestApp,
  token: string,
  merchantId: number,
  extra: Record<string, unknown> = {},
): Promise<Deposit> {
  const proof = await insertProof(t, merchantId);
  const res = await call(t, "POST", DEPOSIT, { token, lang: EN, payload: depositForm(proof, extra) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Deposit;
}
