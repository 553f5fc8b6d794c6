import { eq } from "drizzle-orm";
import { merchants } from "../../db/schema";
import { fail } from "../../lib/failure";
import { adjustBalance } from "../deposit/deposit-review.service";
import type { Commands } from "../module";
import { ledgerViolations } from "./ledger.service";

/** Operator commands: check the ledger, adjust a balance by hand. */
export const ledgerCommands: Commands = {
  "ledger:check": {
    summary: "Check the ledger's invariants (balance = sum of entries, one Deduct per order, Failed = refunded)",
    usage: "ledger:check [--merchant <M100001>]",
    options: { merchant: { type: "string", description: "only this merchant" } },
    async run(deps, v, out) {
      let merchantId: number | undefined;
      if (typeof v.merchant === "string") {
        const [m] = await deps.db
          .select({ id: merchants.id })
          .from(merchants)
          .where(eq(merchants.merchantNo, v.merchant));
        if (!m) throw fail("merchantNotFound", { merchantNo: String(v.merchant) });
        merchantId = m.id;
      }
      const violations = await ledgerViolations(deps.db, merchantId);
      for (const x of violations) out(`merchant ${x.merchantId}\t${x.rule}\t${x.detail}`);
      out(violations.length === 0 ? "The ledger holds." : `${violations.length} violation(s).`);
      if (violations.length > 0) process.exitCode = 2;
    },
  },
  "balance:adjust": {
    summary: "Adjust a balance by hand with a Reduce (debit) or Other (+/-) ledger entry; never below zero",
    usage: 'balance:adjust --merchant <M100001> --type <reduce|other> --amount <10.00> --remark "<why>"',
    options: {
      merchant: { type: "string", description: "merchant number", required: true },
      type: { type: "string", description: "reduce (a debit) or other (signed amount)", required: true },
      amount: {
        type: "string",
        description: "at most 4 decimals; other: a debit is negative, written --amount=-5.00",
        required: true,
      },
      remark: { type: "string", description: "why (mandatory, kept on the ledger entry)", required: true },
    },
    async run(deps, v, out, operator) {
      const e = await adjustBalance(deps, operator, {
        merchantNo: String(v.merchant),
        type: String(v.type) as "reduce",
        amount: String(v.amount),
        remark: String(v.remark),
      });
      out(`${e.fundNo}: balance ${e.balanceBefore} -> ${e.balanceAfter} ${e.currency}`);
    },
  },
};
