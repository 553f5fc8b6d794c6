import { asc, eq } from "drizzle-orm";
import { PASSWORD_POLICY } from "#contracts";
import { merchants, users } from "../../db/schema";
import { type Commands, optionText } from "../module";
import { seedDemoCatalog } from "./demo-catalog";
import { isEmpty, seedDemo } from "./demo-seed";
import { createMerchant, createUser } from "./provisioning.service";

/** Operator commands: merchants, their users, and the demo data. */
export const provisioningCommands: Commands = {
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
    async run(deps, v, out, operator) {
      const m = await createMerchant(deps, operator, {
        name: String(v.name),
        companyName: optionText(v.company),
        contactPerson: optionText(v["contact-person"]),
        contactPhone: optionText(v["contact-phone"]),
        contactEmail: optionText(v["contact-email"]),
        website: optionText(v.website),
        currency: optionText(v.currency),
      });
      out(`Created merchant ${m.merchantNo}`);
    },
  },
  "merchant:list": {
    summary: "List merchants",
    usage: "merchant:list",
    options: {},
    async run(deps, _v, out) {
      const rows = await deps.db.select().from(merchants).orderBy(asc(merchants.id));
      for (const m of rows) out(`${m.merchantNo}\t${m.status}\t${m.balance} ${m.currency}\t${m.name}`);
      if (rows.length === 0) out("No merchants yet.");
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
      password: { type: "string", description: `initial password (at least ${PASSWORD_POLICY.min} characters)` },
    },
    async run(deps, v, out, operator) {
      const u = await createUser(deps, operator, {
        merchantNo: String(v.merchant),
        username: String(v.username),
        role: String(v.role) as "admin",
        name: optionText(v.name),
        password: optionText(v.password),
      });
      out(`Created user ${u.username}${u.generated ? ` with password ${u.password} (shown once)` : ""}`);
    },
  },
  "user:list": {
    summary: "List the users of a merchant",
    usage: "user:list --merchant <M100001>",
    options: { merchant: { type: "string", description: "merchant number", required: true } },
    async run(deps, v, out) {
      const rows = await deps.db
        .select({ user: users })
        .from(users)
        .innerJoin(merchants, eq(merchants.id, users.merchantId))
        .where(eq(merchants.merchantNo, String(v.merchant)))
        .orderBy(asc(users.id));
      for (const { user } of rows) {
        out(
          `${user.username}\t${user.role}\t${user.enabled ? "enabled" : "disabled"}\tMFA ${user.mfaSecret ? "bound" : "unbound"}`,
        );
      }
      if (rows.length === 0) out(`No users for ${String(v.merchant)}.`);
    },
  },
  "seed:demo": {
    summary:
      "Add the demo merchant, its admin, operator and finance users, catalog and opening balance (only on an empty database unless --force)",
    usage: "seed:demo [--force]",
    options: { force: { type: "boolean", description: "seed even when merchants exist" } },
    async run(deps, v, out, operator) {
      if (!v.force && !(await isEmpty(deps))) {
        out("The database already has merchants; nothing done (use --force to add the demo merchant anyway).");
        return;
      }
      const demo = await seedDemo(deps, { actor: operator });
      out(`Demo merchant ${demo.merchantNo}: ${demo.users.join(", ")} with password ${demo.password}`);
    },
  },
  "seed:catalog": {
    summary: "Add (or restore) the demo catalog and price it for a merchant",
    usage: "seed:catalog --merchant <M100001>",
    options: { merchant: { type: "string", description: "merchant number", required: true } },
    async run(deps, v, out) {
      const r = await seedDemoCatalog(deps, String(v.merchant));
      out(
        `Demo catalog: ${r.products.created} products created, ${r.products.updated} updated; priced for ${String(v.merchant)}`,
      );
    },
  },
};
