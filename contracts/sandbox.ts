import { z } from "zod";
import { defineCall } from "./calls";

/**
 * The sandbox (issue 17): a second Open API application of each merchant, with its own AppID, keys and callback
 * URL, whose orders run on the simulator against a play balance. Served by server/src/modules/sandbox.
 */

/** Which of a merchant's two applications a call or an event is about. */
export const apiEnvironments = ["live", "sandbox"] as const;

/**
 * Which of the merchant's two Open API applications a settings call is about: the live one, or its sandbox
 * (its own AppID, keys and callback URL; its orders run on the simulator against a play balance).
 */
export type ApiEnvironment = (typeof apiEnvironments)[number];
export const environmentQuery = z.object({
  environment: z.enum(apiEnvironments, "validation.option").default("live"),
});

/** A sandbox starts with this balance in the merchant's currency, and Reset puts it back: play money. */
export const SANDBOX_BALANCE = "10000.00";

/**
 * The simulator's trigger accounts (the sandbox runs on it): what an order does by how its recharge account ends,
 * so a developer can make every outcome happen on purpose. The simulator adapter reads the same suffixes.
 */
export const SIMULATOR_TRIGGERS = {
  /** Rejected by the supplier: the order fails (`ACCOUNT_INVALID`) and is refunded. */
  rejected: "0000",
  /** Accepted but never answered: the order fails when the product's deadline passes (`DEADLINE_PASSED`). */
  noAnswer: "9999",
  /** The first try errs (a retry is recorded), then it succeeds. */
  retried: "5555",
} as const;

/** The triggers as a table, and what any other account does. */
export const SANDBOX_SIMULATOR_RULES: {
  suffix: string | null;
  outcome: keyof typeof SIMULATOR_TRIGGERS | "success";
}[] = [
  ...Object.entries(SIMULATOR_TRIGGERS).map(([outcome, suffix]) => ({
    suffix,
    outcome: outcome as keyof typeof SIMULATOR_TRIGGERS,
  })),
  { suffix: null, outcome: "success" },
];

export const sandboxBalance = z.object({ balance: z.string(), currency: z.string(), resetTo: z.string() });
export type SandboxBalance = z.infer<typeof sandboxBalance>;

// ---- Calls ----

/** API Settings' address: the sandbox's balance is one of its panels, under its permission. */
const APP = "/merchant/api/app";
const apiSettings = (action: "show" | "edit") => ({ resource: "api-settings", action }) as const;

/** The sandbox's play balance, on the API Settings page (the rest of the sandbox is API Settings with `environment`). */
export const sandboxCalls = {
  /** The sandbox's play balance (the sandbox is created on the first call that names it). */
  balance: defineCall({
    method: "GET",
    path: `${APP}/sandbox/balance`,
    access: apiSettings("show"),
    tag: "api-settings",
    answer: sandboxBalance,
  }),
  /** Puts the sandbox balance back to SANDBOX_BALANCE (a ledger entry in the sandbox's own ledger). */
  resetBalance: defineCall({
    method: "POST",
    path: `${APP}/sandbox/balance/reset`,
    access: apiSettings("edit"),
    tag: "api-settings",
    answer: sandboxBalance,
  }),
};
