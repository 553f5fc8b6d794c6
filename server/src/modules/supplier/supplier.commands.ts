import { eq } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import { fail } from "../../lib/failure";
import { type Commands, optionText } from "../module";
import { listSupplierProducts } from "./catalog.service";
import { syncCatalog } from "./catalog-sync";
import { supplierAccounts } from "./supplier.schema";

async function accountByCode(deps: AppDeps, code: string) {
  const [account] = await deps.db
    .select({ id: supplierAccounts.id, code: supplierAccounts.code })
    .from(supplierAccounts)
    .where(eq(supplierAccounts.code, code));
  if (!account) throw fail("supplierNotFound");
  return account;
}

/** The CLI lists this many products at most: a search narrows a catalog of thousands. */
const PRODUCTS_SHOWN = 100;

const supplierOption = {
  type: "string",
  description: "the supplier account's code, e.g. simulator",
  required: true,
} as const;

/** Operator commands: read a supplier's catalog now, and look through what it lists. */
export const supplierCommands: Commands = {
  "supplier:sync": {
    summary: "Read a supplier account's catalog now; its routes are quoted again and flagged as after a scheduled sync",
    usage: "supplier:sync --supplier <code>",
    options: { supplier: supplierOption },
    async run(deps, v, out, operator) {
      const account = await accountByCode(deps, String(v.supplier));
      const sync = await syncCatalog(deps, account.id, "operator", operator);
      if (sync.state === "failed") {
        out(`The sync of ${account.code} failed: ${sync.error}`);
        out("The catalog stays as the last sync left it.");
        return;
      }
      out(
        `Synced ${account.code}: ${sync.products} products (${sync.added} new, ${sync.changed} changed, ${sync.gone} gone); routes flagged: ${sync.flagged}`,
      );
    },
  },
  "supplier:products": {
    summary: "List the products a supplier account's last sync read (what routes can name)",
    usage: "supplier:products --supplier <code> [--keyword <text>] [--currency <CNY>]",
    options: {
      supplier: supplierOption,
      keyword: { type: "string", description: "part of the product's name or id, or its country" },
      currency: { type: "string", description: "only products delivering this currency" },
    },
    async run(deps, v, out) {
      const account = await accountByCode(deps, String(v.supplier));
      const keyword = optionText(v.keyword);
      const currency = optionText(v.currency)?.toUpperCase();
      const page = await listSupplierProducts(deps, account.id, {
        pageNum: 1,
        pageSize: PRODUCTS_SHOWN,
        ...(keyword && { keyword }),
        ...(currency && { receiveCurrency: currency }),
      });
      for (const p of page.list) {
        const values =
          p.denomination === "fixed"
            ? p.fixed.map((f) => f.receive).join(" ")
            : `${p.range?.minReceive} to ${p.range?.maxReceive}`;
        out([p.externalId, p.kind, p.name, p.country ?? "-", `${values} ${p.receiveCurrency}`].join("\t"));
      }
      if (page.total === 0) out("No products match: has the catalog been synced (supplier:sync)?");
      else if (page.total > page.list.length) out(`… ${page.total - page.list.length} more: narrow with --keyword.`);
    },
  },
};
