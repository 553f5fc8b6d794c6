import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { bankAccountBody, ConsoleBankAccount, PaymentGateway, paymentGatewayBody } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Tx } from "../../db/connection";
import { unlessTaken } from "../../db/raw";
import { fail } from "../../lib/failure";
import { type AuditEntry, recordAudit, staffActor } from "../audit/audit.service";
import type { StaffContext } from "../auth/auth-context";
import { paymentGateways, receivingBankAccounts } from "../deposit/deposit.schema";

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

/**
 * Adds a row (no id) or changes the one with the id (locked first; a missing one fails), audited with its view
 * before and after: bank accounts and payment gateways are saved alike.
 */
async function saveAudited<Row, View extends Record<string, unknown>>(
  deps: AppDeps,
  staff: StaffContext,
  id: number | null,
  kind: {
    lock: (tx: Tx, id: number) => Promise<Row[]>;
    write: (tx: Tx) => Promise<Row[]>;
    view: (row: Row) => View;
    notFound: () => Error;
    action: { added: AuditEntry["action"]; changed: AuditEntry["action"] };
    target: (saved: View) => AuditEntry["target"];
  },
): Promise<View> {
  return deps.db.transaction(async (tx) => {
    const [before] = id ? await kind.lock(tx, id) : [];
    if (id && !before) throw kind.notFound();
    const [row] = await kind.write(tx);
    const saved = kind.view(row!);
    await recordAudit(deps, tx, {
      actor: staffActor(staff),
      merchantId: null,
      action: id ? kind.action.changed : kind.action.added,
      target: kind.target(saved),
      before: before ? kind.view(before) : null,
      after: saved,
    });
    return saved;
  });
}

export function saveBankAccount(
  deps: AppDeps,
  staff: StaffContext,
  id: number | null,
  body: z.output<typeof bankAccountBody>,
): Promise<ConsoleBankAccount> {
  return saveAudited(deps, staff, id, {
    lock: (tx, id) => tx.select().from(receivingBankAccounts).where(eq(receivingBankAccounts.id, id)).for("update"),
    write: (tx) =>
      id
        ? tx.update(receivingBankAccounts).set(body).where(eq(receivingBankAccounts.id, id)).returning()
        : tx.insert(receivingBankAccounts).values(body).returning(),
    view: toBankAccount,
    notFound: () => fail("bankAccountNotFound", { id: String(id) }),
    action: { added: "payments.bankAccountAdded", changed: "payments.bankAccountChanged" },
    target: (saved) => ({ kind: "bankAccount", id: saved.id }),
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
  return unlessTaken(
    () =>
      saveAudited(deps, staff, id, {
        lock: (tx, id) => tx.select().from(paymentGateways).where(eq(paymentGateways.id, id)).for("update"),
        write: (tx) =>
          id
            ? tx.update(paymentGateways).set(body).where(eq(paymentGateways.id, id)).returning()
            : tx.insert(paymentGateways).values(body).returning(),
        view: toGateway,
        notFound: () => fail("paymentGatewayNotFound"),
        action: { added: "payments.gatewayAdded", changed: "payments.gatewayChanged" },
        target: (saved) => ({ kind: "paymentGateway", id: saved.name }),
      }),
    () => fail("paymentGatewayTaken"),
  );
}
