/** What the reconciliation tests (tests/api/reconciliation*.test.ts) both write their times and amounts with. */

/** An instant written as ISO 8601. */
export const at = (iso: string) => new Date(iso);

/** An amount in US dollars as the console shows it. */
export const usd = (amount: string) => ({ amount, currency: "USD" });
