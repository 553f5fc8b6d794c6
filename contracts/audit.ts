/**
 * The audit log's vocabulary (issue 15): every security event on the merchant side, and later every console
 * action, is one row of `audit_events`, written in the same transaction as the change it records. Declared here so
 * the server, the database's check and the console's pages share one list.
 */
export const auditActions = [
  "auth.signIn",
  "auth.mfaBound",
  "auth.mfaUnbound",
  "auth.passwordChanged",
  "apiSettings.changed",
  "apiSettings.secretRotated",
  "apiSettings.platformKeyRotated",
  "apiSettings.sandboxReset",
  "member.created",
  "member.changed",
  "member.enabled",
  "member.disabled",
  "member.mfaReset",
  "member.passwordReset",
  "member.deleted",
  "merchant.created",
  "merchant.changed",
  "merchant.enabled",
  "merchant.disabled",
  "deposit.approved",
  "deposit.rejected",
  "balance.adjusted",
  "adjustment.requested",
  "adjustment.rejected",
  "order.requeried",
  "order.failed",
  "staff.signIn",
  "staff.mfaBound",
  "staff.created",
  "staff.changed",
  "staff.passwordChanged",
  "staff.passwordReset",
  "staff.mfaReset",
  "role.created",
  "role.changed",
  "role.deleted",
  "supplier.created",
  "supplier.changed",
  "route.changed",
  "route.flagsCleared",
  "supplier.catalogSynced",
  "reconciliation.started",
  "reconciliation.resolved",
  "exchangeRate.set",
  "risk.changed",
  "risk.accountBlocked",
  "risk.accountUnblocked",
  "payments.bankAccountAdded",
  "payments.bankAccountChanged",
  "payments.gatewayAdded",
  "payments.gatewayChanged",
  "catalog.created",
  "catalog.changed",
  "catalog.deleted",
  "catalog.restored",
  "catalog.purged",
  "catalog.imported",
  "priceList.created",
  "priceList.changed",
  "priceList.assigned",
  "prices.changed",
  "prices.cancelled",
  "prices.overrideSet",
  "prices.overrideRemoved",
] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * Who acted: a merchant's user (portal or sign-in), a member of the reseller's staff (console), the reseller's
 * operator (CLI), the system (a worker).
 */
export const auditActorKinds = ["merchantUser", "staff", "operator", "system"] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];
