import path from "node:path";
import type { Config } from "./config";
import type { Database, Db } from "./db/connection";
import { type Clock, systemClock } from "./lib/clock";
import { type Cipher, createCipher } from "./lib/crypto";
import { type FileStorage, localFileStorage } from "./lib/file-storage";
import { type PasswordHasher, passwordHasher } from "./lib/passwords";

/** What services need from the outside world, passed explicitly (tests build their own). */
export interface AppDeps {
  db: Db;
  engine: "pglite" | "postgres";
  config: Config;
  clock: Clock;
  cipher: Cipher;
  passwords: PasswordHasher;
  /** Uploaded files' bytes (DATA_DIR/files; an S3-compatible store would be chosen here). */
  storage: FileStorage;
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
  };
}
