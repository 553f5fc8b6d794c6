import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type ApiApp,
  type ApiSecret,
  type apiAppUpdate,
  PLATFORM_KEY_OVERLAP_HOURS,
  type PlatformKey,
  type rotateSecretBody,
  splitWhitelist,
} from "#contracts";

const HOUR_MS = 3_600_000;

import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { merchantApps, merchants } from "../../db/schema";
import { fail, invalid } from "../../lib/failure";
import { isLocalUrl } from "../../lib/net-guard";
import { generateRsaKeyPair, parseRsaPublicKey } from "../../lib/signing";
import { recordAudit, userActor } from "../audit/audit.service";
import type { AuthContext } from "../auth/auth-context";
import { type AppRow, ensureApp, maskSecret } from "./api-settings.repository";

export type ApiAppChanges = z.output<typeof apiAppUpdate>;

/** How many characters of a secret stay visible behind the mask. */
const SECRET_HINT_LENGTH = 4;

/** "100.5000" -> "100.5": the form edits the threshold as the merchant typed it, not as the column pads it. */
function plainDecimal(value: string | null): string {
  if (value === null) return "";
  return value.includes(".") ? value.replace(/\.?0+$/, "") : value;
}

async function merchantOf(deps: AppDeps, merchantId: number) {
  const [row] = await deps.db
    .select({
      merchantNo: merchants.merchantNo,
      currency: merchants.currency,
      lowBalanceThreshold: merchants.lowBalanceThreshold,
    })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!row) throw fail("notFound");
  return row;
}

type MerchantPart = Awaited<ReturnType<typeof merchantOf>>;

/** The end of an overlap that is still running at `now`, else null. */
const running = (until: Date | null, now: Date) => (until && until > now ? until.toISOString() : null);

function toApiApp(app: AppRow, merchant: MerchantPart, now: Date): ApiApp {
  return {
    merchantNo: merchant.merchantNo,
    appId: app.appId,
    keyType: app.keyType,
    platformPublicKey: app.platformPublicKey,
    platformKeySerial: app.platformKeySerial,
    merchantPublicKey: app.merchantPublicKey,
    secretMasked: app.secretSealed ? maskSecret(app.secretHint) : "",
    secretCreateTime: app.secretCreatedAt?.toISOString() ?? null,
    previousSecretUntil: app.previousSecretSealed ? running(app.previousSecretUntil, now) : null,
    callbackUrl: app.callbackUrl,
    notifyUrl: app.notifyUrl,
    ipWhitelist: app.ipWhitelist.join(", "),
    lowBalanceThreshold: plainDecimal(merchant.lowBalanceThreshold),
    currency: merchant.currency,
    updateTime: app.updatedAt.toISOString(),
  };
}

/** The merchant's API settings; the first visit creates the application (AppID and platform key pair). */
export async function getApiApp(deps: AppDeps, merchantId: number): Promise<ApiApp> {
  const merchant = await merchantOf(deps, merchantId);
  return toApiApp(await ensureApp(deps, merchantId), merchant, deps.clock.now());
}

/**
 * What the contract cannot check on its own: the key must really be an RSA key of 2048+ bits, and callbacks
 * must not be aimed at the server's own networks (unless the operator allows it, e.g. for a local receiver).
 */
function serverChecks(deps: AppDeps, changes: ApiAppChanges) {
  const errors: Record<string, string> = {};
  if (changes.merchantPublicKey !== "" && !parseRsaPublicKey(changes.merchantPublicKey))
    errors.merchantPublicKey = "validation.publicKeyInvalid";
  if (!deps.config.OUTBOUND_ALLOW_PRIVATE) {
    if (isLocalUrl(changes.callbackUrl)) errors.callbackUrl = "validation.urlPrivate";
    if (isLocalUrl(changes.notifyUrl)) errors.notifyUrl = "validation.urlPrivate";
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/**
 * Saves the admin's settings. Switching to HMAC before a secret exists is allowed: signed requests are then
 * refused as "key not configured" until the admin generates one (the page says so).
 */
export async function updateApiApp(
  deps: AppDeps,
  auth: AuthContext,
  merchantId: number,
  changes: ApiAppChanges,
): Promise<ApiApp> {
  serverChecks(deps, changes);
  await ensureApp(deps, merchantId);
  const now = deps.clock.now();
  // The threshold belongs to the balance it watches (merchants), read there by the low-balance trigger.
  const row = await deps.db.transaction(async (tx) => {
    const before = await auditedSettings(tx, merchantId);
    await tx
      .update(merchants)
      .set({ lowBalanceThreshold: changes.lowBalanceThreshold === "" ? null : changes.lowBalanceThreshold })
      .where(eq(merchants.id, merchantId));
    const [updated] = await tx
      .update(merchantApps)
      .set({
        keyType: changes.keyType,
        merchantPublicKey: changes.merchantPublicKey,
        callbackUrl: changes.callbackUrl,
        notifyUrl: changes.notifyUrl,
        ipWhitelist: [...new Set(splitWhitelist(changes.ipWhitelist))],
        updatedAt: now,
      })
      .where(eq(merchantApps.merchantId, merchantId))
      .returning();
    await recordAudit(deps, tx, {
      ...settingsEntry(auth, "apiSettings.changed", merchantId),
      before,
      after: await auditedSettings(tx, merchantId),
    });
    return updated;
  });
  const merchant = await merchantOf(deps, merchantId);
  if (!row) throw fail("notFound");
  return toApiApp(row, merchant, deps.clock.now());
}

/**
 * A new HMAC secret (32 random bytes, base64url). Stored encrypted with its last characters as the hint; the
 * plain secret is in this answer only. The previous one keeps working for the overlap the admin chose, so the
 * merchant's servers can switch without a window of refused requests (0: it stops at once).
 */
export async function rotateSecret(
  deps: AppDeps,
  auth: AuthContext,
  merchantId: number,
  body: z.output<typeof rotateSecretBody>,
): Promise<ApiSecret> {
  const overlapHours = body?.overlapHours ?? 0;
  await ensureApp(deps, merchantId);
  const secret = randomBytes(32).toString("base64url");
  const hint = secret.slice(-SECRET_HINT_LENGTH);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(merchantApps)
      .set({
        secretSealed: deps.cipher.encrypt(secret),
        secretHint: hint,
        secretCreatedAt: now,
        // The old secret, sealed as it was, accepted until the overlap ends.
        previousSecretSealed: overlapHours > 0 ? sql`${merchantApps.secretSealed}` : null,
        previousSecretUntil: overlapHours > 0 ? new Date(now.getTime() + overlapHours * HOUR_MS) : null,
        updatedAt: now,
      })
      .where(eq(merchantApps.merchantId, merchantId))
      .returning({ merchantId: merchantApps.merchantId });
    if (!row) throw fail("notFound");
    // The mask only: the secret itself is in this answer and nowhere else.
    await recordAudit(deps, tx, {
      ...settingsEntry(auth, "apiSettings.secretRotated", merchantId),
      after: { secretMasked: maskSecret(hint), previousAcceptedHours: overlapHours },
    });
  });
  return { secret, secretMasked: maskSecret(hint), secretCreateTime: now.toISOString() };
}

/**
 * A new platform key pair: answers and callbacks are signed with it from now on, under the next serial. The key it
 * replaces, private half included (sealed as it was), signs them a second time for PLATFORM_KEY_OVERLAP_HOURS
 * (`X-Previous-Key-Serial`/`X-Previous-Signature`), and its public half stays listed by GET /openapi/v1/keys: a
 * client that trusts only the old key verifies that answer with it and so learns the new key. Rotating again
 * within the overlap replaces the previous key: only the one rotated from signs beside the new one.
 */
export async function rotatePlatformKey(deps: AppDeps, auth: AuthContext, merchantId: number): Promise<PlatformKey> {
  await ensureApp(deps, merchantId);
  const keys = await generateRsaKeyPair();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(merchantApps)
      .set({
        platformPublicKey: keys.publicKey,
        platformPrivateKeySealed: deps.cipher.encrypt(keys.privateKey),
        platformKeySerial: sql`${merchantApps.platformKeySerial} + 1`,
        // The key it replaces stays listed (GET /openapi/v1/keys) and keeps signing beside the new one for a day.
        previousPlatformPublicKey: sql`${merchantApps.platformPublicKey}`,
        previousPlatformPrivateKeySealed: sql`${merchantApps.platformPrivateKeySealed}`,
        previousPlatformKeySerial: sql`${merchantApps.platformKeySerial}`,
        previousPlatformKeyUntil: new Date(deps.clock.now().getTime() + PLATFORM_KEY_OVERLAP_HOURS * HOUR_MS),
        updatedAt: deps.clock.now(),
      })
      .where(eq(merchantApps.merchantId, merchantId))
      .returning({
        platformPublicKey: merchantApps.platformPublicKey,
        platformKeySerial: merchantApps.platformKeySerial,
      });
    if (!row) throw fail("notFound");
    await recordAudit(deps, tx, {
      ...settingsEntry(auth, "apiSettings.platformKeyRotated", merchantId),
      after: { platformKeySerial: row.platformKeySerial },
    });
    return row;
  });
}

/** Ends the previous secret's overlap now (after the merchant's servers all use the new one). */
export async function revokePreviousSecret(deps: AppDeps, auth: AuthContext, merchantId: number): Promise<ApiApp> {
  const merchant = await merchantOf(deps, merchantId);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(merchantApps)
      .set({ previousSecretSealed: null, previousSecretUntil: null, updatedAt: deps.clock.now() })
      .where(eq(merchantApps.merchantId, merchantId))
      .returning();
    if (!row) throw fail("notFound");
    await recordAudit(deps, tx, {
      ...settingsEntry(auth, "apiSettings.changed", merchantId),
      after: { previousSecret: "revoked" },
    });
    return toApiApp(row, merchant, deps.clock.now());
  });
}

/**
 * An entry about one of the merchant's API applications (`app`: the live merchant's or its sandbox's), made by
 * the caller, in the live merchant's audit log either way.
 */
const settingsEntry = (
  auth: AuthContext,
  action: "apiSettings.changed" | "apiSettings.secretRotated" | "apiSettings.platformKeyRotated",
  app: number,
) => ({ actor: userActor(auth), merchantId: auth.merchantId, action, target: { kind: "apiApp", id: app } });

/** The settings as the audit log keeps them: addresses, whitelist, key type and threshold, never a key or secret. */
async function auditedSettings(tx: Executor, merchantId: number) {
  const [row] = await tx
    .select({
      keyType: merchantApps.keyType,
      callbackUrl: merchantApps.callbackUrl,
      notifyUrl: merchantApps.notifyUrl,
      ipWhitelist: merchantApps.ipWhitelist,
      lowBalanceThreshold: merchants.lowBalanceThreshold,
    })
    .from(merchantApps)
    .innerJoin(merchants, eq(merchants.id, merchantApps.merchantId))
    .where(eq(merchantApps.merchantId, merchantId));
  return row ?? null;
}
