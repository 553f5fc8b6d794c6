import type { KeyObject } from "node:crypto";
import path from "node:path";
import type { Config } from "./config";
import type { Database, Db } from "./db/connection";
import { type Clock, systemClock } from "./lib/clock";
import { type Cipher, createCipher } from "./lib/crypto";
import { type FileStorage, localFileStorage } from "./lib/file-storage";
import { memo } from "./lib/memo";
import { type PasswordHasher, passwordHasher } from "./lib/passwords";
import { parseRsaPublicKey } from "./lib/signing";
import { type SignInGate, signInGate } from "./modules/auth/login-throttle";
import { httpSender, type Send } from "./modules/delivery/sender";
import { type RiskRulesCache, riskRulesCache } from "./modules/risk/active-rules";

/**
 * The one container: everything services, routes, workers and commands need from the outside world, built once
 * per process (main, worker, CLI) or per test, and passed explicitly. Modules keep no state of their own.
 */
export interface AppDeps {
  db: Db;
  engine: "pglite" | "postgres";
  config: Config;
  clock: Clock;
  cipher: Cipher;
  passwords: PasswordHasher;
  /** Uploaded files' bytes (DATA_DIR/files; an S3-compatible store would be chosen here). */
  storage: FileStorage;
  /** Outbound HTTP to merchants' servers (callbacks, notifications), behind the private-address guard. */
  outbound: Send;
  /** Sign-in checks running in this process (see login-throttle). */
  signIns: SignInGate;
  /**
   * A merchant's public key from its PEM, parsed once (bounded cache): parsing costs more than a verification,
   * and the same few keys verify every Open API request.
   */
  publicKey: (pem: string) => KeyObject | null;
  /** Which risk rules are on, as this process last read them (modules/risk/active-rules.ts). */
  riskRules: RiskRulesCache;
}

export function createDeps(database: Database, config: Config, clock: Clock = systemClock): AppDeps {
  return {
    db: database.db,
    engine: database.engine,
    config,
    clock,
    cipher: createCipher(config.encryptionKeys),
    passwords: passwordHasher(config.PASSWORD_HASH_LOG2N),
    storage: localFileStorage(path.join(config.dataDir, "files")),
    outbound: httpSender({ allowPrivate: config.OUTBOUND_ALLOW_PRIVATE }),
    signIns: signInGate(),
    publicKey: memo(1000, parseRsaPublicKey),
    riskRules: riskRulesCache(database.db),
  };
}
