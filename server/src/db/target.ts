import type { Config } from "../config";
import type { DatabaseTarget } from "./connection";

/** DATABASE_URL when set (its listener at DATABASE_LISTEN_URL when given), else the embedded PGlite in DATA_DIR. */
export function databaseTarget(config: Config): DatabaseTarget {
  return config.DATABASE_URL
    ? {
        kind: "postgres",
        url: config.DATABASE_URL,
        poolMax: config.DATABASE_POOL_MAX,
        ...(config.DATABASE_LISTEN_URL && { listenUrl: config.DATABASE_LISTEN_URL }),
      }
    : { kind: "pglite", dir: config.dataDir, sharedBuffers: config.EMBEDDED_SHARED_BUFFERS };
}
