import { sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { queryRows } from "../../db/raw";

/** The risk rules that are on, as the order statement takes them (see order-insert.ts `riskRulesHold`). */
export interface ActiveRiskRules {
  /** Whether any account is blocked: with none, the statement leaves the check out. */
  blocked: boolean;
  velocityPerHour: number | null;
  cooling: { days: number; minAmount: string } | null;
}

export const NO_RISK_RULES: ActiveRiskRules = { blocked: false, velocityPerHour: null, cooling: null };

/** How long a process trusts what it read when a change's notice could be missed (see riskRulesCache). */
export const RISK_RULES_TTL_MS = 2_000;

/**
 * Which rules are on, read at most every RISK_RULES_TTL_MS per process. Every order asks, and a rule's check
 * that is left out of the statement costs nothing (measured: the checks' subquery alone, all rules off, took a
 * quarter of the statement's time, mostly to plan it). A change is seen at once: `forget` runs on the `risk`
 * notice (risk/index.ts, lib/invalidation.ts), whichever process made it. The TTL covers a process that hears no
 * notices (a worker, a dropped listener) and a notice that came while a read was under way.
 */
export function riskRulesCache(db: Db) {
  let cached: { readAt: number; rules: Promise<ActiveRiskRules> } | null = null;
  const read = async (): Promise<ActiveRiskRules> => {
    const [row] = await queryRows<{
      velocity: number | null;
      coolingDays: number | null;
      coolingMin: string | null;
      blocked: boolean;
    }>(
      db,
      sql`select s.velocity_per_hour as velocity, s.cooling_days as "coolingDays",
        s.cooling_min_amount::text as "coolingMin", exists (select 1 from blocked_accounts) as blocked
        from risk_settings s where s.id = 1`,
    );
    if (!row) return NO_RISK_RULES;
    return {
      blocked: row.blocked,
      velocityPerHour: row.velocity === null ? null : Number(row.velocity),
      cooling:
        row.coolingDays === null || row.coolingMin === null
          ? null
          : { days: Number(row.coolingDays), minAmount: row.coolingMin },
    };
  };
  return {
    current(): Promise<ActiveRiskRules> {
      const now = performance.now();
      if (!cached || now - cached.readAt > RISK_RULES_TTL_MS) {
        const rules = read();
        cached = { readAt: now, rules };
        // A failed read is not kept: the next order asks again.
        rules.catch(() => {
          if (cached?.rules === rules) cached = null;
        });
      }
      return cached.rules;
    },
    forget(): void {
      cached = null;
    },
  };
}
export type RiskRulesCache = ReturnType<typeof riskRulesCache>;
