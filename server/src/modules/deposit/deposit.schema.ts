import { boolean, char, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "../../db/columns";

/**
 * The reseller's bank accounts that merchants send deposits to, shown in the Recharge dialog for the merchant's
 * currency. Managed in the console (Payments) or with the operator CLI (`bank-account:*`). Never deleted,
 * only disabled, so what a merchant was told stays explainable.
 */
export const receivingBankAccounts = pgTable(
  "receiving_bank_accounts",
  {
    id: id(),
    bankName: text("bank_name").notNull(),
    accountName: text("account_name").notNull(),
    accountNumber: text("account_number").notNull(),
    /** SWIFT/BIC, or the branch (a domestic transfer's routing detail). */
    swiftOrBranch: text("swift_or_branch").notNull().default(""),
    currency: char("currency", { length: 3 }).notNull(),
    note: text("note").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("receiving_bank_accounts_currency_idx").on(t.currency)],
);

/** The reseller's payment methods, offered by the merchant's Recharge form in `sort` order. */
export const paymentGateways = pgTable("payment_gateways", {
  id: id(),
  name: text("name").notNull().unique(),
  enabled: boolean("enabled").notNull().default(true),
  sort: integer("sort").notNull().default(0),
  createdAt: createdAt(),
});
