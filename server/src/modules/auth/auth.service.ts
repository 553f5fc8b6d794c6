import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { TFunction } from "i18next";
import {
  grantsFor,
  type LoginBody,
  menusFor,
  mfaCode,
  titleKey,
  type UpdatePasswordBody,
  type UserInfo,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { merchants, users } from "../../db/schema";
import { safeEqual } from "../../lib/crypto";
import { fail } from "../../lib/failure";
import type { AuthContext } from "./auth-context";
import { throttled } from "./login-throttle";
import { createSession, revokeUserSessions } from "./sessions.service";
import { matchTotp, newTotpSecret } from "./totp";

/** A key from `mfa/key` must be confirmed within this time. */
const PENDING_MFA_KEY_MS = 30 * 60_000;

export const normaliseUsername = (username: string) => username.trim().toLowerCase();

export interface Client {
  ip: string;
  userAgent: string;
}

export async function login(deps: AppDeps, body: Required<LoginBody>, client: Client): Promise<string> {
  const username = normaliseUsername(body.username);
  const user = await throttled(deps, { username, ip: client.ip }, async () => {
    const [found] = await deps.db
      .select({ user: users, merchantStatus: merchants.status })
      .from(users)
      .innerJoin(merchants, eq(merchants.id, users.merchantId))
      .where(eq(users.username, username))
      .limit(1);
    const password = await deps.passwords.verify(body.password, found?.user.passwordHash ?? null);
    if (!found || !password.ok) throw fail("invalidCredentials");
    // Only now, with the password proven, may the answer say more about the account.
    if (!found.user.enabled) throw fail("userDisabled");
    if (found.merchantStatus !== "enabled") throw fail("merchantDisabled");
    // Right password without the right code is a failed attempt too: the code is the second factor.
    if (found.user.mfaSecret) {
      if (!body.captcha) throw fail("captchaRequired");
      const failure = await consumeTotp(deps, deps.db, found.user, body.captcha);
      if (failure) throw fail(failure);
    }
    if (password.needsRehash) await rehash(deps, found.user.id, body.password);
    return found.user;
  });

  return deps.db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: deps.clock.now() }).where(eq(users.id, user.id));
    return createSession(deps, tx, user.id, client);
  });
}

/** A hash made at an older, lower cost is replaced while the password is at hand (it is never stored). */
async function rehash(deps: AppDeps, userId: number, password: string) {
  await deps.db
    .update(users)
    .set({ passwordHash: await deps.passwords.hash(password) })
    .where(eq(users.id, userId));
}

/**
 * Checks a code against the user's bound secret and burns its time step, so the same code (or an older one)
 * is never accepted twice. Returns the failure, or null when accepted.
 */
async function consumeTotp(
  deps: AppDeps,
  tx: Executor,
  user: { id: number; mfaSecret: string | null },
  code: string,
): Promise<"mfaNotBound" | "captchaInvalid" | "captchaReused" | null> {
  if (!user.mfaSecret) return "mfaNotBound";
  const step = matchTotp(deps.cipher.decrypt(user.mfaSecret), code.trim(), deps.clock.now());
  if (step === null) return "captchaInvalid";
  const burned = await tx
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
    .returning({ id: users.id });
  return burned.length === 1 ? null : "captchaReused";
}

export async function userInfo(deps: AppDeps, auth: AuthContext, t: TFunction): Promise<UserInfo> {
  const [row] = await deps.db
    .select({ user: users, merchantNo: merchants.merchantNo, merchantName: merchants.name })
    .from(users)
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(users.id, auth.userId));
  if (!row) throw fail("unauthenticated");
  return {
    id: row.user.id,
    username: row.user.username,
    role: auth.role,
    name: row.user.name || row.user.username,
    email: row.user.username,
    resources: grantsFor(auth.role),
    menus: menusFor(auth.role, (name) => t(titleKey(name))),
    mfaStatus: row.user.mfaSecret ? 1 : 0,
    merchantInfo: { merchantNo: row.merchantNo, merchantNikeName: row.merchantName },
  };
}

async function loadUser(deps: AppDeps, userId: number) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw fail("unauthenticated");
  return user;
}

/** Hands out a fresh secret to bind; it stays pending until `mfa/bind` proves the app has it. */
export async function issueMfaKey(deps: AppDeps, auth: AuthContext): Promise<string> {
  const user = await loadUser(deps, auth.userId);
  if (user.mfaSecret) throw fail("mfaAlreadyBound");
  const secret = newTotpSecret();
  await deps.db
    .update(users)
    .set({ mfaPendingSecret: deps.cipher.encrypt(secret), mfaPendingAt: deps.clock.now() })
    .where(eq(users.id, auth.userId));
  return secret;
}

export async function bindMfa(deps: AppDeps, auth: AuthContext, mfaKey: string, captcha: string): Promise<void> {
  const user = await loadUser(deps, auth.userId);
  if (user.mfaSecret) throw fail("mfaAlreadyBound");
  const pending = user.mfaPendingSecret ? deps.cipher.decrypt(user.mfaPendingSecret) : null;
  const fresh = user.mfaPendingAt && deps.clock.now().getTime() - user.mfaPendingAt.getTime() < PENDING_MFA_KEY_MS;
  if (!pending || !fresh || !safeEqual(pending, mfaKey.trim().toUpperCase())) throw fail("mfaKeyUnknown");
  const step = matchTotp(pending, captcha, deps.clock.now());
  if (step === null) throw fail("captchaInvalid");
  await deps.db
    .update(users)
    .set({ mfaSecret: user.mfaPendingSecret, mfaPendingSecret: null, mfaPendingAt: null, mfaLastStep: step })
    .where(eq(users.id, auth.userId));
}

/**
 * Unbinding needs a current code; the user's other sessions end (whoever holds them must bind again).
 * Wrong codes count against the sign-in limits, so a stolen session cannot guess its way through.
 */
export async function unbindMfa(deps: AppDeps, auth: AuthContext, code: string, client: Client): Promise<void> {
  const user = await loadUser(deps, auth.userId);
  if (!user.mfaSecret) throw fail("mfaNotBound");
  await throttled(deps, { username: user.username, ip: client.ip }, () =>
    deps.db.transaction(async (tx) => {
      const failure = await consumeTotp(deps, tx, user, code);
      if (failure) throw fail(failure);
      await tx.update(users).set({ mfaSecret: null, mfaLastStep: null }).where(eq(users.id, auth.userId));
      await revokeUserSessions(deps, tx, auth.userId, auth.sessionId);
    }),
  );
}

/**
 * Step-up for the calls that hand out or take away access (secrets, keys, members): the caller's current code,
 * checked under the sign-in limits and burnt like a sign-in code, so it works once.
 */
export async function verifyStepUp(deps: AppDeps, auth: AuthContext, code: string | undefined, client: Client) {
  if (!code) throw fail("stepUpRequired");
  const parsed = mfaCode.safeParse(code);
  const user = await loadUser(deps, auth.userId);
  await throttled(deps, { username: user.username, ip: client.ip }, async () => {
    if (!parsed.success) throw fail("captchaFormat");
    const failure = await consumeTotp(deps, deps.db, user, parsed.data);
    if (failure) throw fail(failure);
  });
}

/**
 * A password change ends every session of the user, this one included: they sign in again with the new one.
 * Wrong old passwords count against the sign-in limits.
 */
export async function updatePassword(
  deps: AppDeps,
  auth: AuthContext,
  body: UpdatePasswordBody,
  client: Client,
): Promise<void> {
  const user = await loadUser(deps, auth.userId);
  await throttled(deps, { username: user.username, ip: client.ip }, async () => {
    if (!(await deps.passwords.verify(body.oldPassword, user.passwordHash)).ok) throw fail("oldPasswordWrong");
  });
  if (body.oldPassword === body.newPassword) throw fail("passwordUnchanged");
  const passwordHash = await deps.passwords.hash(body.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: deps.clock.now() }).where(eq(users.id, auth.userId));
    await revokeUserSessions(deps, tx, auth.userId);
  });
}
