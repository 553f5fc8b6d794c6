import { eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import { grantsFor, type LoginBody, menusFor, titleKey, type UpdatePasswordBody, type UserInfo } from "#contracts";
import type { AppDeps } from "../../app-deps";
import { merchants, sessions, users } from "../../db/schema";
import { fail } from "../../lib/failure";
import { recordAudit, userActor } from "../audit/audit.service";
import type { AuthContext, Client } from "./auth-context";
import {
  bindMfa,
  changePassword,
  consumeTotp,
  issueMfaKey,
  loadAccount,
  normaliseUsername,
  rehash,
} from "./credentials";
import { throttled } from "./login-throttle";
import { createSession, revokeUserSessions } from "./sessions.service";

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
      const failure = await consumeTotp(deps, deps.db, users, found.user, body.captcha);
      if (failure) throw fail(failure);
    }
    if (password.needsRehash) await rehash(deps, users, found.user.id, body.password);
    return found.user;
  });

  return deps.db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: deps.clock.now() }).where(eq(users.id, user.id));
    await recordAudit(deps, tx, {
      actor: userActor({ userId: user.id, username: user.username, client }),
      merchantId: user.merchantId,
      action: "auth.signIn",
      target: { kind: "user", id: user.id },
    });
    return createSession(deps, tx, user.id, client);
  });
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

const loadUser = (deps: AppDeps, userId: number) => loadAccount(deps, users, userId);

/** An entry about the caller's own account (MFA, password). */
const ownAccount = (auth: AuthContext, action: "auth.mfaBound" | "auth.mfaUnbound" | "auth.passwordChanged") => ({
  actor: userActor(auth),
  merchantId: auth.merchantId,
  action,
  target: { kind: "user", id: auth.userId },
});

/** Hands out a fresh secret to bind; it stays pending until `mfa/bind` proves the app has it. */
export const issueUserMfaKey = (deps: AppDeps, auth: AuthContext) => issueMfaKey(deps, users, auth.userId);

export async function bindUserMfa(deps: AppDeps, auth: AuthContext, mfaKey: string, captcha: string): Promise<void> {
  await bindMfa(deps, users, auth.userId, { mfaKey, captcha }, (tx) =>
    recordAudit(deps, tx, ownAccount(auth, "auth.mfaBound")),
  );
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
      const failure = await consumeTotp(deps, tx, users, user, code);
      if (failure) throw fail(failure);
      await tx.update(users).set({ mfaSecret: null, mfaLastStep: null }).where(eq(users.id, auth.userId));
      await revokeUserSessions(deps, tx, auth.userId, auth.sessionId);
      await recordAudit(deps, tx, ownAccount(auth, "auth.mfaUnbound"));
    }),
  );
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
  await changePassword(deps, { accounts: users, sessions }, auth.userId, body, client, (tx) =>
    recordAudit(deps, tx, ownAccount(auth, "auth.passwordChanged")),
  );
}
