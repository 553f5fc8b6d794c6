import type { SQL } from "drizzle-orm";
import type { Executor } from "./connection";

/**
 * Rows of a hand-written statement (the hot paths are single SQL statements). Both drivers answer `{ rows }`;
 * bigint and numeric columns come back as strings on node-postgres, so callers convert what they read.
 */
export async function queryRows<Row>(executor: Executor, statement: SQL): Promise<Row[]> {
  const result = (await executor.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

/** PostgreSQL's error code of a failed statement (e.g. 23505 unique violation), if it has one. */
export function pgErrorCode(error: unknown): { code?: string; constraint?: string } {
  // Drizzle wraps driver errors; the driver's error is the cause.
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
  }
  return {};
}
