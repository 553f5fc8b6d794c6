import { parseArgs } from "node:util";
import { asc, eq } from "drizzle-orm";
import { ZodError } from "zod";
import { type DepositStatus, depositStatuses } from "#contracts";
import { type AppDeps, createDeps } from "../app-deps";
import { ConfigError, loadConfig } from "../config";
import { DataDirLockedError, openDatabase } from "../db/connection";
import { merchants, users } from "../db/schema";
import { databaseTarget } from "../db/target";
import { translator } from "../lib/i18n";
import {
  adjustBalance,
  approveDeposit,
  listDepositsForReview,
  rejectDeposit,
} from "../modules/deposit/deposit-review.service";
import { ledgerViolations } from "../modules/ledger/ledger.service";
import { importCatalog, readCatalogFile, removePrice, setPrice } from "../modules/product/catalog-import";
import { listCatalog, listPrices } from "../modules/product/catalog-listing";
import { seedDemoCatalog } from "../modules/provisioning/demo-catalog";
import { isEmpty, seedDemo } from "../modules/provisioning/demo-seed";
import { createMerchant, createUser, ProvisioningError } from "../modules/provisioning/provisioning.service";

/**
 * The operator CLI for the reseller's own staff: `npm run ops -- <command> [options]`.
 * It opens the same database the server uses (DATA_DIR or DATABASE_URL); with the embedded database the
 * server must be stopped first (one process per data folder).
 */
interface Command {
  summary: string;
  usage: string;
  options: Record<string, { type: "string" | "boolean"; description: string; required?: boolean }>;
  run(deps: AppDeps, values: Record<string, string | boolean | undefined>): Promise<void>;
}

const commands: Record<string, Command> = {
  "merchant:create": {
    summary: "Create a merchant (its number is assigned, e.g. M100002)",
    usage:
      "merchant:create --name <name> [--company <company>] [--contact-person ..] [--contact-phone ..] [--contact-email ..] [--website ..] [--currency USD]",
    options: {
      name: { type: "string", description: "merchant name", required: true },
      company: { type: "string", description: "company name" },
      "contact-person": { type: "string", description: "contact person" },
      "contact-phone": { type: "string", description: "contact phone" },
      "contact-email": { type: "string", description: "contact e-mail" },
      website: { type: "string", description: "website address" },
      currency: { type: "string", description: "balance currency, ISO code (default USD)" },
    },
    async run(deps, v) {
      const m = await createMerchant(deps, {
        name: String(v.name),
        companyName: str(v.company),
        contactPerson: str(v["contact-person"]),
        contactPhone: str(v["contact-phone"]),
        contactEmail: str(v["contact-email"]),
        website: str(v.website),
        currency: str(v.currency),
      });
      console.log(`Created merchant ${m.merchantNo}`);
    },
  },
  "merchant:list": {
    summary: "List merchants",
    usage: "merchant:list",
    options: {},
    async run(deps) {
      const rows = await deps.db.select().from(merchants).orderBy(asc(merchants.id));
      for (const m of rows) console.log(`${m.merchantNo}\t${m.status}\t${m.balance} ${m.currency}\t${m.name}`);
      if (rows.length === 0) console.log("No merchants yet.");
    },
  },
  "user:create": {
    summary: "Create a user of a merchant (password generated and printed once when omitted)",
    usage:
      "user:create --merchant <M100001> --username <e-mail> --role <admin|operator|finance> [--name <name>] [--password <password>]",
    options: {
      merchant: { type: "string", description: "merchant number", required: true },
      username: { type: "string", description: "sign-in e-mail address", required: true },
      role: { type: "string", description: "admin, operator or finance", required: true },
      name: { type: "string", description: "display name" },
      password: { type: "string", description: "initial password (8+ characters, a letter and a digit)" },
    },
    async run(deps, v) {
      const u = await createUser(deps, {
        merchantNo: String(v.merchant),
        username: String(v.username),
        role: String(v.role) as "admin",
        name: str(v.name),
        password: str(v.password),
      });
      console.log(`Created user ${u.username}${u.generated ? ` with password ${u.password} (shown once)` : ""}`);
    },
  },
  "user:list": {
    summary: "List the users of a merchant",
    usage: "user:list --merchant <M100001>",
    options: { merchant: { type: "string", description: "merchant number", required: true } },
    async run(deps, v) {
      const rows = await deps.db
        .select({ user: users })
        .from(users)
        .innerJoin(merchants, eq(merchants.id, users.merchantId))
        .where(eq(merchants.merchantNo, String(v.merchant)))
        .orderBy(asc(users.id));
      for (const { user } of rows) {
        console.log(
          `${user.username}\t${user.role}\t${user.enabled ? "enabled" : "disabled"}\tMFA ${user.mfaSecret ? "bound" : "unbound"}`,
        );
      }
      if (rows.length === 0) console.log(`No users for ${String(v.merchant)}.`);
    },
  },
  "ledger:check": {
    summary: "Check the ledger's invariants (balance = sum of entries, one Deduct per order, Failed = refunded)",
    usage: "ledger:check [--merchant <M100001>]",
    options: { merchant: { type: "string", description: "only this merchant" } },
    async run(deps, v) {
      let merchantId: number | undefined;
      if (typeof v.merchant === "string") {
        const [m] = await deps.db
          .select({ id: merchants.id })
          .from(merchants)
          .where(eq(merchants.merchantNo, v.merchant));
        if (!m) throw new ProvisioningError(`No merchant ${v.merchant}`);
        merchantId = m.id;
      }
      const violations = await ledgerViolations(deps.db, merchantId);
      for (const x of violations) console.log(`merchant ${x.merchantId}\t${x.rule}\t${x.detail}`);
      console.log(violations.length === 0 ? "The ledger holds." : `${violations.length} violation(s).`);
      if (violations.length > 0) process.exitCode = 2;
    },
  },
  "deposit:list": {
    summary: "List deposits (recharge records), oldest first",
    usage: "deposit:list [--merchant <M100001>] [--status <pending|success|failed>]",
    options: {
      merchant: { type: "string", description: "only this merchant" },
      status: { type: "string", description: "only this status: pending, success or failed" },
    },
    async run(deps, v) {
      const status = str(v.status);
      if (status !== undefined && !depositStatuses.includes(status as DepositStatus))
        throw new ProvisioningError(`Unknown status ${status}: use pending, success or failed`);
      const rows = await listDepositsForReview(deps, {
        merchantNo: str(v.merchant),
        status: status as DepositStatus | undefined,
      });
      for (const { deposit: d, merchantNo } of rows) {
        const settled = d.settledAmount ? `\tsettled ${d.settledAmount} ${d.settledCurrency} @ ${d.exchangeRate}` : "";
        console.log(
          `${d.depositNo}\t${merchantNo}\t${d.status}\t${d.amount} ${d.currency}\tref ${d.referenceNo}\t${d.paymentGateway}\t${d.companyName}${settled}`,
        );
      }
      if (rows.length === 0) console.log("No deposits match.");
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
    async run(deps, v) {
      const d = await approveDeposit(deps, {
        depositNo: String(v.deposit),
        settledCurrency: String(v["settled-currency"]),
        rate: String(v.rate),
      });
      console.log(
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
    async run(deps, v) {
      const d = await rejectDeposit(deps, { depositNo: String(v.deposit), reason: String(v.reason) });
      console.log(`Rejected ${d.depositNo}: ${d.rejectReason}`);
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
    async run(deps, v) {
      const e = await adjustBalance(deps, {
        merchantNo: String(v.merchant),
        type: String(v.type) as "reduce",
        amount: String(v.amount),
        remark: String(v.remark),
      });
      console.log(`${e.fundNo}: balance ${e.balanceBefore} -> ${e.balanceAfter} ${e.currency}`);
    },
  },
  "seed:demo": {
    summary:
      "Add the demo merchant, its admin, operator and finance users, catalog and opening balance (only on an empty database unless --force)",
    usage: "seed:demo [--force]",
    options: { force: { type: "boolean", description: "seed even when merchants exist" } },
    async run(deps, v) {
      if (!v.force && !(await isEmpty(deps))) {
        console.log("The database already has merchants; nothing done (use --force to add the demo merchant anyway).");
        return;
      }
      const demo = await seedDemo(deps);
      console.log(`Demo merchant ${demo.merchantNo}: ${demo.users.join(", ")} with password ${demo.password}`);
    },
  },
  "catalog:import": {
    summary: "Create or update products, their SKUs and order fields from a JSON file (docs/catalog-import.md)",
    usage: "catalog:import --file <catalog.json>",
    options: { file: { type: "string", description: "the catalog file", required: true } },
    async run(deps, v) {
      const r = await importCatalog(deps, readCatalogFile(String(v.file)));
      console.log(
        `Products: ${r.products.created} created, ${r.products.updated} updated. ` +
          `SKUs: ${r.skus.created} created, ${r.skus.updated} updated, ${r.skus.disabled} disabled (missing from the file).`,
      );
    },
  },
  "product:list": {
    summary: "List the catalog's products",
    usage: "product:list",
    options: {},
    async run(deps) {
      const types: Record<number, string> = { 1: "topup", 2: "login-topup", 3: "gift-card" };
      const rows = await listCatalog(deps);
      for (const p of rows) {
        console.log(`${p.code}\t${types[p.type]}\t${p.status}\t${p.enabledSkus}/${p.skus} SKUs enabled\t${p.name}`);
      }
      if (rows.length === 0) console.log("No products yet (import some with catalog:import).");
    },
  },
  "price:set": {
    summary: "Set a merchant's order price of a SKU, in the merchant's balance currency",
    usage: "price:set --merchant <M100001> --product <code> --sku <code> --price <9.50>",
    options: {
      merchant: { type: "string", description: "merchant number", required: true },
      product: { type: "string", description: "product code", required: true },
      sku: { type: "string", description: "SKU code within the product", required: true },
      price: { type: "string", description: "price above 0, at most 4 decimal places", required: true },
    },
    async run(deps, v) {
      const p = await setPrice(deps, {
        merchantNo: String(v.merchant),
        productCode: String(v.product),
        skuCode: String(v.sku),
        price: String(v.price),
      });
      console.log(`${p.merchantNo} pays ${p.price} ${p.currency} for ${p.productCode} / ${p.skuCode}`);
    },
  },
  "price:remove": {
    summary: "Remove a merchant's price of a SKU (the merchant can no longer order it)",
    usage: "price:remove --merchant <M100001> --product <code> --sku <code>",
    options: {
      merchant: { type: "string", description: "merchant number", required: true },
      product: { type: "string", description: "product code", required: true },
      sku: { type: "string", description: "SKU code within the product", required: true },
    },
    async run(deps, v) {
      const target = { merchantNo: String(v.merchant), productCode: String(v.product), skuCode: String(v.sku) };
      const removed = await removePrice(deps, target);
      const sku = `${target.productCode} / ${target.skuCode}`;
      console.log(
        removed
          ? `Removed ${target.merchantNo}'s price for ${sku}; it can no longer order it`
          : `${target.merchantNo} had no price for ${sku}; nothing removed`,
      );
    },
  },
  "price:list": {
    summary: "List every SKU with a merchant's price (or 'not priced')",
    usage: "price:list --merchant <M100001>",
    options: { merchant: { type: "string", description: "merchant number", required: true } },
    async run(deps, v) {
      const { currency, rows } = await listPrices(deps, String(v.merchant));
      for (const r of rows) {
        const price = r.price === null ? "not priced" : `${r.price} ${currency}`;
        const off = r.productStatus === "disabled" || r.skuStatus === "disabled" ? "\t(disabled)" : "";
        console.log(`${r.productCode}\t${r.skuCode}\t${r.spec}\t${r.faceValue} ${r.faceCurrency}\t${price}${off}`);
      }
      if (rows.length === 0) console.log("No products yet (import some with catalog:import).");
    },
  },
  "seed:catalog": {
    summary: "Add (or restore) the demo catalog and price it for a merchant",
    usage: "seed:catalog --merchant <M100001>",
    options: { merchant: { type: "string", description: "merchant number", required: true } },
    async run(deps, v) {
      const r = await seedDemoCatalog(deps, String(v.merchant));
      console.log(
        `Demo catalog: ${r.products.created} products created, ${r.products.updated} updated; priced for ${String(v.merchant)}`,
      );
    },
  },
};

const str = (v: string | boolean | undefined) => (typeof v === "string" ? v : undefined);
/** Shared schemas carry message keys for the browser; the CLI speaks English. */
const english = (message: string) => (message.startsWith("validation.") ? translator("en-US")(message) : message);

function help(): string {
  const lines = ["Usage: npm run ops -- <command> [options]", "", "Commands:"];
  for (const [name, c] of Object.entries(commands)) lines.push(`  ${name.padEnd(16)} ${c.summary}`);
  lines.push("", "Run `npm run ops -- <command> --help` for a command's options.");
  lines.push("The database is the server's: DATABASE_URL, or the embedded one in DATA_DIR (default ./data).");
  return lines.join("\n");
}

function commandHelp(c: Command): string {
  const options = Object.entries(c.options).map(
    ([o, d]) => `  --${o.padEnd(16)} ${d.description}${d.required ? " (required)" : ""}`,
  );
  return [
    `Usage: npm run ops -- ${c.usage}`,
    "",
    c.summary,
    ...(options.length ? ["", "Options:", ...options] : []),
  ].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    console.log(help());
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command: ${name}\n\n${help()}`);
    return 1;
  }
  const { values } = parseArgs({
    args: rest,
    options: { ...command.options, help: { type: "boolean", short: "h" } },
    strict: true,
  });
  if (values.help) {
    console.log(commandHelp(command));
    return 0;
  }
  const given = values as Record<string, string | boolean | undefined>;
  const missing = Object.entries(command.options).filter(([o, d]) => d.required && given[o] === undefined);
  if (missing.length) {
    console.error(`Missing ${missing.map(([o]) => `--${o}`).join(", ")}\n\n${commandHelp(command)}`);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config));
  try {
    await command.run(createDeps(database, config), given);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code || Number(process.exitCode ?? 0)),
  (error: unknown) => {
    if (error instanceof ZodError)
      console.error(
        [...new Set(error.issues.map((i) => `${i.path.join(".") || "input"}: ${english(i.message)}`))].join("\n"),
      );
    else if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof ProvisioningError)
      console.error(error.message);
    // Any option the argument parser refuses (unknown, missing value, `--amount -2.50`): its sentence, no stack.
    else if (error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS_"))
      console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
