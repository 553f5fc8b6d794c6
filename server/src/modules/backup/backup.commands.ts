import { loadConfig } from "../../config";
import type { Commands } from "../module";
import { createBackup } from "./backup.service";
import { BackupRefused, KEY_FILE, megabytes } from "./backup-archive";
import { restoreBackup } from "./restore.service";

/** Where the key must live, said by both commands (README.md, Backups, says the same). */
const KEEP_THE_KEY = [
  "Keep the encryption key apart from the backups: a copy of DATA_DIR/secrets.json (or the ENCRYPTION_KEY value)",
  "in a password manager or secrets vault, never on the disk or in the bucket that holds the archives.",
  "Without it a restored database's TOTP secrets, API secrets and card codes cannot be read.",
];

/**
 * Standing in for the key when none is set, so the configuration can be read without writing a new
 * DATA_DIR/secrets.json (config.ts does outside production): restore must leave the data folder untouched until
 * it has checked the archive. Never used to encrypt anything.
 */
const STAND_IN_KEY = Buffer.alloc(32).toString("base64");

/** Operator commands: back up the embedded database and files, restore them into an empty data folder. */
export const backupCommands: Commands = {
  backup: {
    summary: "Write a backup archive of the embedded database and uploaded files (the server may keep running)",
    usage: "backup --out <file.tar.gz> [--include-key]",
    options: {
      out: {
        type: "string",
        description: "the archive to write, outside the data folder (an existing file is never overwritten)",
        required: true,
        path: true,
      },
      "include-key": {
        type: "boolean",
        description: "also put the encryption key (DATA_DIR/secrets.json) in the archive",
      },
    },
    async run(deps, v, out) {
      const started = performance.now();
      const { file, bytes, sha256, pausedMs, manifest } = await createBackup(deps, {
        out: String(v.out),
        includeKey: v["include-key"] === true,
      });
      const { database, files } = manifest.parts;
      out(`Backup written: ${file} (${megabytes(bytes)}, sha256 ${sha256})`);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      out(`  taken ${manifest.createdAt} in ${seconds} s; statements waited ${pausedMs.toFixed(0)} ms for the copy`);
      out(`  database: ${database.count} files, ${megabytes(database.bytes)}, schema ${manifest.schema.migration}`);
      out(`  files: ${files.count} uploaded files, ${megabytes(files.bytes)}`);
      out(`  left out: ${manifest.leftOut.join("; ")}`);
      if (manifest.key.included) {
        out(`WARNING: this archive holds the encryption key (${KEY_FILE}, fingerprint ${manifest.key.fingerprint}).`);
        out("  Anyone who has it can read the TOTP secrets, API secrets and card codes in it: keep it like the key.");
      } else {
        out(`  key: NOT in the archive. Restoring needs the key with fingerprint ${manifest.key.fingerprint}.`);
        for (const line of KEEP_THE_KEY) out(`  ${line}`);
      }
    },
  },
  restore: {
    summary: "Restore a backup archive into an empty data folder (DATA_DIR); no server runs meanwhile",
    usage: "restore --archive <file.tar.gz>",
    options: {
      archive: { type: "string", description: "the archive `backup` wrote", required: true, path: true },
    },
    // The CLI runs `withoutDatabase`; a server never runs a restore (ops/ops-socket.ts refuses it).
    async run() {
      throw new BackupRefused("restore fills an empty data folder: it never runs beside an open database.");
    },
    async withoutDatabase(v, out) {
      const keySet = Boolean(process.env.ENCRYPTION_KEY?.trim());
      const config = loadConfig(keySet ? process.env : { ...process.env, ENCRYPTION_KEY: STAND_IN_KEY });
      if (config.DATABASE_URL)
        throw new BackupRefused(
          "DATABASE_URL is set: restore fills the embedded database's folder (DATA_DIR). Restore PostgreSQL with pg_restore or from its base backup: README.md, section Backups.",
        );
      const { manifest, migrations, key } = await restoreBackup({
        archive: String(v.archive),
        dataDir: config.dataDir,
        keys: keySet ? config.encryptionKeys : [],
      });
      const { database, files } = manifest.parts;
      out(`Restored ${String(v.archive)} (taken ${manifest.createdAt}) into ${config.dataDir}`);
      out(`  every checksum matches: database ${database.count} files, ${megabytes(database.bytes)}`);
      out(`  uploaded files: ${files.count}, ${megabytes(files.bytes)}`);
      out(
        `  schema ${manifest.schema.migration}${migrations.length ? `; the server applies ${migrations.join(", ")}` : ""}`,
      );
      out(`  not in a backup: ${manifest.leftOut.join("; ")}`);
      const fingerprint = manifest.key.fingerprint;
      if (key === "missing") {
        out(`KEY NEEDED: the key (fingerprint ${fingerprint}) is not in the archive nor in the folder yet.`);
        out(`  Before the server starts, copy the ${KEY_FILE} kept apart to ${config.dataDir}/${KEY_FILE}`);
        out("  (or set ENCRYPTION_KEY). Until then the server refuses to start on this folder.");
      } else out(`  key: the ${key}'s matches the backup's (fingerprint ${fingerprint})`);
      out("Then start the server on this folder: it recovers the database and goes on with every Processing order.");
    },
  },
};
