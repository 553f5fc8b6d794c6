import { eq } from "drizzle-orm";
import type { MerchantInfo, MerchantInfoUpdate } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { merchants } from "../../db/schema";
import { fail } from "../../lib/failure";

type MerchantRow = typeof merchants.$inferSelect;

function toInfo(m: MerchantRow): MerchantInfo {
  return {
    merchantNo: m.merchantNo,
    merchantName: m.name,
    companyName: m.companyName,
    contactPerson: m.contactPerson,
    contactPhone: m.contactPhone,
    contactEmail: m.contactEmail,
    status: m.status, // the database allows only merchantStates; "unknown" is the page's word for a missing one
    website: m.website,
    balance: m.balance,
    currency: m.currency,
  };
}

export async function getMerchantInfo(deps: AppDeps, merchantId: number): Promise<MerchantInfo> {
  const [row] = await deps.db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!row) throw fail("notFound");
  return toInfo(row);
}

/** Admins edit the name, contacts and website; the company, status and balance belong to the reseller. */
export async function updateMerchantInfo(
  deps: AppDeps,
  merchantId: number,
  update: Required<MerchantInfoUpdate>,
): Promise<MerchantInfo> {
  const [row] = await deps.db
    .update(merchants)
    .set({
      name: update.merchantName,
      contactPerson: update.contactPerson,
      contactPhone: update.contactPhone,
      contactEmail: update.contactEmail,
      website: update.website,
      updatedAt: deps.clock.now(),
    })
    .where(eq(merchants.id, merchantId))
    .returning();
  if (!row) throw fail("notFound");
  return toInfo(row);
}
