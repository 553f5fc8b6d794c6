import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import { merchantApps } from "../../db/schema";
import type { Cipher } from "../../lib/crypto";
import { generateRsaKeyPair, rsaSign, type Signed } from "../../lib/signing";

export type AppRow = typeof merchantApps.$inferSelect;

/** AppIDs are public identifiers: a prefix and 16 random hex digits. */
export const newAppId = () => `app_${randomBytes(8).toString("hex")}`;

/**
 * A merchant's API application, created on first use with its AppID and platform key pair (no secret yet: the
 * admin generates it, and sees it once). Safe under concurrency: a second creator's insert does nothing.
 */
export async function ensureApp(deps: AppDeps, merchantId: number): Promise<AppRow> {
  const existing = await loadApp(deps, merchantId);
  if (existing) return existing;
  const keys = await generateRsaKeyPair();
  const now = deps.clock.now();
  await deps.db
    .insert(merchantApps)
    .values({
      merchantId,
      appId: newAppId(),
      platformPublicKey: keys.publicKey,
      platformPrivateKeySealed: deps.cipher.encrypt(keys.privateKey),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: merchantApps.merchantId });
  const created = await loadApp(deps, merchantId);
  if (!created) throw new Error(`API application of merchant ${merchantId} was not created`);
  return created;
}

export async function loadApp(deps: AppDeps, merchantId: number): Promise<AppRow | undefined> {
  const [row] = await deps.db.select().from(merchantApps).where(eq(merchantApps.merchantId, merchantId));
  return row;
}

export interface PlatformSigner {
  serial: number;
  sign(message: Signed): string;
  /**
   * The key before the last rotation while its overlap runs (PLATFORM_KEY_OVERLAP_HOURS), else null: everything
   * signed is signed with it too, so a client that trusts only the old key verifies our answers (the keys answer
   * first of all, which hands it the new key) and callbacks until it has learnt the new one.
   */
  previous?: { serial: number; sign(message: Signed): string } | null;
}

type SignerColumns = Pick<AppRow, "platformKeySerial" | "platformPrivateKeySealed"> &
  Partial<Pick<AppRow, "previousPlatformKeySerial" | "previousPlatformPrivateKeySealed" | "previousPlatformKeyUntil">>;

/**
 * Signs answers and callbacks with the merchant's current platform private key, and with the previous one while
 * its overlap runs at `now` (a row without the previous key's columns signs with the current key only).
 */
export function platformSigner(cipher: Cipher, app: SignerColumns, now: Date): PlatformSigner {
  const privateKey = cipher.privateKey(app.platformPrivateKeySealed);
  const { previousPlatformKeySerial: serial, previousPlatformPrivateKeySealed: sealed } = app;
  const until = app.previousPlatformKeyUntil;
  const previousKey = serial && sealed && until && until > now ? cipher.privateKey(sealed) : null;
  return {
    serial: app.platformKeySerial,
    sign: (message: Signed) => rsaSign(privateKey, message),
    previous: serial && previousKey ? { serial, sign: (message: Signed) => rsaSign(previousKey, message) } : null,
  };
}

/** "********a1b2": enough to tell secrets apart, never enough to use one. */
export function maskSecret(hint: string): string {
  return hint ? `********${hint}` : "";
}
