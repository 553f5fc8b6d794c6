import { asc, eq } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import { paymentGateways } from "./deposit.schema";

/** The enabled methods' names in order: what the Recharge form offers. */
export async function enabledGatewayNames(deps: AppDeps): Promise<string[]> {
  const rows = await deps.db
    .select({ name: paymentGateways.name })
    .from(paymentGateways)
    .where(eq(paymentGateways.enabled, true))
    .orderBy(asc(paymentGateways.sort), asc(paymentGateways.id));
  return rows.map((r) => r.name);
}
