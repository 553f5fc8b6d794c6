import { and, eq, isNull, lt, or } from "drizzle-orm";
import { mfaCode } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { users } from "../../db/schema";
import { safeEqual } from "../../lib/crypto";
import { fail } from "../../lib/failure";
import { staffUsers } from "../console/staff.schema";
import type { Client } from "./auth-context";
import { throttled } from "./login-throttle";
import { revokeUserSessions, type SessionTable } from "./sessions.service";
import { matchTotp, newTotpSecret } from "./totp";

/**
 * Password and TOTP handling for an account of either realm: a merchant's user (`users`) or a staff member
 * (`staffUsers`), whose credential columns are the same. The realms differ in who they are, not in how they prove it.
 */
export type CredentialTable = typeof users | typeof staffUsers;
export const credentialTables = { merchant: users, console: staffUsers } as const;

/** A key from `mfa/key` must be confirmed within this time. */
const PENDING_MFA_KEY_MS = 30 * 60_000;

export const normaliseUsername = (username: string) => username.trim().toLowerCase();

/** A hash made at an older, lower cost is replaced while the password is at hand (it is never stored). */
export async function rehash(deps: AppDeps, table: CredentialTable, id: number, password: string) {
  await deps.db
    .update(table)
    .set({ passwordHash: await deps.passwords.hash(password) })
    .where(eq(table.id, id));
}

/**
 * Checks a code against the account's bound secret and burns its time step, so the same code (or an older one)
 * is never accepted twice. Returns the failure, or null when accepted.
 */
export async function consumeTotp(
  deps: AppDeps,
  tx: Executor,
  table: CredentialTable,
  account: { id: number; mfaSecret: string | null },
  code: string,
): Promise<"mfaNotBound" | "captchaInvalid" | "captchaReused" | null> {
  if (!account.mfaSecret) return "mfaNotBound";
  const step = matchTotp(deps.cipher.decrypt(account.mfaSecret), code.trim(), deps.clock.now());
  if (step === null) return "captchaInvalid";
  const burned = await tx
    .update(table)
    .set({ mfaLastStep: step })
    .where(and(eq(table.id, account.id), or(isNull(table.mfaLastStep), lt(table.mfaLastStep, step))))
    .returning({ id: table.id });
  return burned.length === 1 ? null : "captchaReused";
}

export async function loadAccount(deps: AppDeps, table: CredentialTable, id: number) {
  const [account] = await deps.db.select().from(table).where(eq(table.id, id));
  if (!account) throw fail("unauthenticated");
  return account;
}

/** Hands out a fresh secret to bind; it stays pending until `bindMfa` proves the app has it. */
export async function issueMfaKey(deps: AppDeps, table: CredentialTable, id: number): Promise<string> {
  const account = await loadAccount(deps, table, id);
  if (account.mfaSecret) throw fail("mfaAlreadyBound");
  const secret = newTotpSecret();
  await deps.db
    .update(table)
    .set({ mfaPendingSecret: deps.cipher.encrypt(secret), mfaPendingAt: deps.clock.now() })
    .where(eq(table.id, id));
  return secret;
}

/**
 * Binds the pending key once a code from it is right; `also` runs in the same transaction (the audit entry).
 */
export async function bindMfa(
  deps: AppDeps,
  table: CredentialTable,
  id: number,
  input: { mfaKey: string; captcha: string },
  also: (tx: Executor) => Promise<void>,
): Promise<void> {
  const account = await loadAccount(deps, table, id);
  if (account.mfaSecret) throw fail("mfaAlreadyBound");
  const pending = account.mfaPendingSecret ? deps.cipher.decrypt(account.mfaPendingSecret) : null;
  const fresh =
    account.mfaPendingAt && deps.clock.now().getTime() - account.mfaPendingAt.getTime() < PENDING_MFA_KEY_MS;
  if (!pending || !fresh || !safeEqual(pending, input.mfaKey.trim().toUpperCase())) throw fail("mfaKeyUnknown");
  const step = matchTotp(pending, input.captcha, deps.clock.now());
  if (step === null) throw fail("captchaInvalid");
  await deps.db.transaction(async (tx) => {
    await tx
      .update(table)
      .set({ mfaSecret: account.mfaPendingSecret, mfaPendingSecret: null, mfaPendingAt: null, mfaLastStep: step })
      .where(eq(table.id, id));
    await also(tx);
  });
  // The caller's next call must find MFA bound, even if it comes before this change's notice.
  deps.caches.invalidation.changedHere("sessions");
}

/**
 * Step-up for the calls that hand out or take away access (secrets, keys, members, roles): the caller's current
 * code, checked under the sign-in limits (`throttleName`: the account as they count it) and burnt like a sign-in
 * code, so it works once.
 */
export async function verifyStepUp(
  deps: AppDeps,
  table: CredentialTable,
  id: number,
  code: string | undefined,
  client: Client,
  throttleName: (username: string) => string = (username) => username,
) {
  if (!code) throw fail("stepUpRequired");
  const parsed = mfaCode.safeParse(code);
  const account = await loadAccount(deps, table, id);
  await throttled(deps, { username: throttleName(account.username), ip: client.ip }, async () => {
    if (!parsed.success) throw fail("captchaFormat");
    const failure = await consumeTotp(deps, deps.db, table, account, parsed.data);
    if (failure) throw fail(failure);
  });
}

/**
 * A password change: the old one checked under the sign-in limits, the new one different. Every session of the
 * account ends (`sessions`), this one included, and `also` (the audit entry) runs in the same transaction.
 */
export async function changePassword(
  deps: AppDeps,
  realm: { accounts: CredentialTable; sessions: SessionTable; throttleName?: (username: string) => string },
  id: number,
  body: { oldPassword: string; newPassword: string },
  client: Client,
  also: (tx: Executor) => Promise<void>,
): Promise<void> {
  const account = await loadAccount(deps, realm.accounts, id);
  const name = realm.throttleName?.(account.username) ?? account.username;
  await throttled(deps, { username: name, ip: client.ip }, async () => {
    if (!(await deps.passwords.verify(body.oldPassword, account.passwordHash)).ok) throw fail("oldPasswordWrong");
  });
  if (body.oldPassword === body.newPassword) throw fail("passwordUnchanged");
  const passwordHash = await deps.passwords.hash(body.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(realm.accounts)
      .set({ passwordHash, passwordChangedAt: deps.clock.now() })
      .where(eq(realm.accounts.id, id));
    await revokeUserSessions(deps, tx, id, undefined, realm.sessions);
    await also(tx);
  });
  deps.caches.invalidation.changedHere("sessions");
}
