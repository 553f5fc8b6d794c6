import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "./connection";

/**
 * Rows of a hand-written statement (the hot paths are single SQL statements). Both drivers answer `{ rows }`;
 * bigint and numeric columns come back as strings on node-postgres, so callers convert what they read.
 */
export async function queryRows<Row>(executor: Executor, statement: SQL): Promise<Row[]> {
  const result = (await executor.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * `queryRows` for a statement run many times a second (the placing statement): sent as a named prepared
 * statement, so PostgreSQL plans it once per connection instead of on every call. Planning was 0.35 ms of that
 * statement's 0.8 ms (pgbench, simple against prepared, bench/orders.ts). The name carries a hash of the text: each
 * variant of a statement (risk rules on or off write different SQL) is prepared on its own, and node-postgres
 * refuses one name for two texts. PGlite ignores the name. Behind PgBouncer in transaction mode this needs
 * PgBouncer 1.21 or later with `max_prepared_statements` set (README, Running several processes).
 */
export async function queryPreparedRows<Row>(executor: Executor, name: string, statement: SQL): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const hash = createHash("sha1").update(query.sql).digest("hex").slice(0, 12);
  const prepared = executor._.session.prepareQuery(query, undefined, `${name}_${hash}`, false);
  const result = (await prepared.execute()) as { rows: Row[] };
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
