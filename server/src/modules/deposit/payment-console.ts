import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { bankAccountBody, ConsoleBankAccount, PaymentGateway, paymentGatewayBody } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { pgErrorCode } from "../../db/raw";
import { fail } from "../../lib/failure";
import { recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";
import { paymentGateways, receivingBankAccounts } from "./deposit.schema";

/**
 * The console's Payments: the receiving bank accounts (never deleted, only disabled, so what a merchant was told
 * stays explainable) and the payment methods the Recharge form offers. Each change is audited.
 */
type BankRow = typeof receivingBankAccounts.$inferSelect;
type GatewayRow = typeof paymentGateways.$inferSelect;

const toBankAccount = ({ createdAt, ...row }: BankRow): ConsoleBankAccount => ({
  ...row,
  createTime: createdAt.toISOString(),
});
const toGateway = ({ createdAt, ...row }: GatewayRow): PaymentGateway => ({
  ...row,
  createTime: createdAt.toISOString(),
});

export async function listAllBankAccounts(deps: AppDeps): Promise<ConsoleBankAccount[]> {
  const rows = await deps.db.select().from(receivingBankAccounts).orderBy(asc(receivingBankAccounts.id));
  return rows.map(toBankAccount);
}

export async function saveBankAccount(
  deps: AppDeps,
  staff: StaffContext,
  id: number | null,
  body: z.output<typeof bankAccountBody>,
): Promise<ConsoleBankAccount> {
  return deps.db.transaction(async (tx) => {
    const [before] = id
      ? await tx.select().from(receivingBankAccounts).where(eq(receivingBankAccounts.id, id)).for("update")
      : [];
    if (id && !before) throw fail("bankAccountNotFound", { id: String(id) });
    const [row] = id
      ? await tx.update(receivingBankAccounts).set(body).where(eq(receivingBankAccounts.id, id)).returning()
      : await tx.insert(receivingBankAccounts).values(body).returning();
    const saved = toBankAccount(row!);
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: null,
      action: id ? "payments.bankAccountChanged" : "payments.bankAccountAdded",
      target: { kind: "bankAccount", id: saved.id },
      before: before ? toBankAccount(before) : null,
      after: saved,
    });
    return saved;
  });
}

export async function listGateways(deps: AppDeps): Promise<PaymentGateway[]> {
  const rows = await deps.db.select().from(paymentGateways).orderBy(asc(paymentGateways.sort), asc(paymentGateways.id));
  return rows.map(toGateway);
}

export async function saveGateway(
  deps: AppDeps,
  staff: StaffContext,
  id: number | null,
  body: z.output<typeof paymentGatewayBody>,
): Promise<PaymentGateway> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [before] = id
        ? await tx.select().from(paymentGateways).where(eq(paymentGateways.id, id)).for("update")
        : [];
      if (id && !before) throw fail("paymentGatewayNotFound");
      const [row] = id
        ? await tx.update(paymentGateways).set(body).where(eq(paymentGateways.id, id)).returning()
        : await tx.insert(paymentGateways).values(body).returning();
      const saved = toGateway(row!);
      await recordAudit(deps, tx, {
        actor: staffActor(staff),
        merchantId: null,
        action: id ? "payments.gatewayChanged" : "payments.gatewayAdded",
        target: { kind: "paymentGateway", id: saved.name },
        before: before ? toGateway(before) : null,
        after: saved,
      });
      return saved;
    });
  } catch (error) {
    if (pgErrorCode(error).code === "23505") throw fail("paymentGatewayTaken");
    throw error;
  }
}

/** The enabled methods' names in order: what the Recharge form offers. */
export async function enabledGatewayNames(deps: AppDeps): Promise<string[]> {
  const rows = await deps.db
    .select({ name: paymentGateways.name })
    .from(paymentGateways)
    .where(eq(paymentGateways.enabled, true))
    .orderBy(asc(paymentGateways.sort), asc(paymentGateways.id));
  return rows.map((r) => r.name);
}
