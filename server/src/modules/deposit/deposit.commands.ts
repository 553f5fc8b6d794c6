import { type DepositStatus, depositStatuses } from "#contracts";
import { fail } from "../../lib/failure";
import { type Commands, optionText } from "../module";
import { approveDeposit, listDepositsForReview, rejectDeposit } from "./deposit-review.service";

/** Operator commands: review merchants' deposits (recharge records). */
export const depositCommands: Commands = {
  "deposit:list": {
    summary: "List deposits (recharge records), oldest first",
    usage: "deposit:list [--merchant <M100001>] [--status <pending|success|failed>]",
    options: {
      merchant: { type: "string", description: "only this merchant" },
      status: { type: "string", description: "only this status: pending, success or failed" },
    },
    async run(deps, v, out) {
      const status = optionText(v.status);
      if (status !== undefined && !depositStatuses.includes(status as DepositStatus))
        throw fail("depositStatusUnknown", { status });
      const rows = await listDepositsForReview(deps, {
        merchantNo: optionText(v.merchant),
        status: status as DepositStatus | undefined,
      });
      for (const { deposit: d, merchantNo } of rows) {
        const settled = d.settledAmount ? `\tsettled ${d.settledAmount} ${d.settledCurrency} @ ${d.exchangeRate}` : "";
        out(
          `${d.depositNo}\t${merchantNo}\t${d.status}\t${d.amount} ${d.currency}\tref ${d.referenceNo}\t${d.paymentGateway}\t${d.companyName}${settled}`,
        );
      }
      if (rows.length === 0) out("No deposits match.");
    },
  },
  "deposit:approve": {
    summary: "Approve a pending deposit: settled amount = amount x rate (half-up), credited with an Add entry",
    usage: "deposit:approve --deposit <D20261121…> --settled-currency <USD> --rate <7.1234>",
    options: {
      deposit: { type: "string", description: "deposit number", required: true },
      "settled-currency": { type: "string", description: "the merchant's balance currency", required: true },
      rate: { type: "string", description: "exchange rate: settled units per deposit unit", required: true },
    },
    async run(deps, v, out, operator) {
      const d = await approveDeposit(deps, operator, {
        depositNo: String(v.deposit),
        settledCurrency: String(v["settled-currency"]),
        rate: String(v.rate),
      });
      out(
        `Approved ${d.depositNo}: ${d.amount} ${d.currency} x ${d.exchangeRate} = ${d.settledAmount} ${d.settledCurrency}; balance ${d.balanceBefore} -> ${d.balanceAfter}`,
      );
    },
  },
  "deposit:reject": {
    summary: "Reject a pending deposit with a reason (no balance change)",
    usage: 'deposit:reject --deposit <D20261121…> --reason "<reason>"',
    options: {
      deposit: { type: "string", description: "deposit number", required: true },
      reason: { type: "string", description: "why, shown to the merchant", required: true },
    },
    async run(deps, v, out, operator) {
      const d = await rejectDeposit(deps, operator, { depositNo: String(v.deposit), reason: String(v.reason) });
      out(`Rejected ${d.depositNo}: ${d.rejectReason}`);
    },
  },
};
