import type { Config } from "../config";
import type { DatabaseTarget } from "./connection";

/** DATABASE_URL when set, else the embedded PGlite in DATA_DIR. */
export function databaseTarget(config: Config): DatabaseTarget {
  return config.DATABASE_URL ? { kind: "postgres", url: config.DATABASE_URL } : { kind: "pglite", dir: config.dataDir };
}
