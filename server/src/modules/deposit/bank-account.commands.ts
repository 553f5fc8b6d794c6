import { type Commands, optionText } from "../module";
import { addBankAccount, listBankAccounts, setBankAccountEnabled } from "./bank-account.service";

const describe = (a: Awaited<ReturnType<typeof listBankAccounts>>[number]) =>
  [
    `#${a.id}`,
    a.enabled ? "enabled" : "disabled",
    a.currency,
    a.bankName,
    a.accountName,
    a.accountNumber,
    a.swiftOrBranch || "-",
    a.note,
  ].join("\t");

/** bank-account:disable and :enable: the same command either way. */
function switchCommand(enabled: boolean): Commands[string] {
  const verb = enabled ? "enable" : "disable";
  return {
    summary: enabled
      ? "Show a disabled bank account to merchants again"
      : "Stop showing a bank account to merchants (it is kept, and can be enabled again)",
    usage: `bank-account:${verb} --id <n>`,
    options: {
      id: { type: "string", description: "the account's number, as bank-account:list shows it", required: true },
    },
    async run(deps, v, out) {
      const row = await setBankAccountEnabled(deps, String(v.id), enabled);
      out(`${enabled ? "Enabled" : "Disabled"} ${describe(row)}`);
    },
  };
}

/** Operator commands: the reseller's bank accounts that merchants send deposits to (shown in Recharge). */
export const bankAccountCommands: Commands = {
  "bank-account:list": {
    summary: "List the bank accounts merchants are told to send deposits to",
    usage: "bank-account:list [--currency <USD>]",
    options: { currency: { type: "string", description: "only this currency" } },
    async run(deps, v, out) {
      const rows = await listBankAccounts(deps, { currency: optionText(v.currency) });
      for (const row of rows) out(describe(row));
      if (rows.length === 0) out("No bank accounts match.");
    },
  },
  "bank-account:add": {
    summary: "Add a receiving bank account, shown in the Recharge dialog of merchants with its currency",
    usage:
      'bank-account:add --bank "<bank name>" --account-name "<holder>" --account-number <number> --currency <USD> [--swift <BIC or branch>] [--note "<text>"]',
    options: {
      bank: { type: "string", description: "bank name", required: true },
      "account-name": { type: "string", description: "account holder's name", required: true },
      "account-number": { type: "string", description: "account number or IBAN", required: true },
      currency: { type: "string", description: "currency the account receives, e.g. USD", required: true },
      swift: { type: "string", description: "SWIFT/BIC code, or the branch" },
      note: { type: "string", description: "shown to the merchant, e.g. what to write as the reference" },
    },
    async run(deps, v, out) {
      const row = await addBankAccount(deps, {
        bankName: String(v.bank),
        accountName: String(v["account-name"]),
        accountNumber: String(v["account-number"]),
        currency: String(v.currency),
        swiftOrBranch: optionText(v.swift),
        note: optionText(v.note),
      });
      out(`Added ${describe(row)}`);
    },
  },
  "bank-account:disable": switchCommand(false),
  "bank-account:enable": switchCommand(true),
};
