import { createHash } from "node:crypto";
import { fillPlaceholders, type Query, type SQL } from "drizzle-orm";
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

/** A statement's text, rendered once, and each call's values by placeholder name. */
export interface PreparedStatement<Row> {
  /** The text and its parameters for these values (what goes to the server; the bench hands it to pgbench). */
  query(values: Record<string, unknown>): Query;
  run(executor: Executor, values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * A statement run many times a second (the placing statement), written with `sql.placeholder`s: rendered to SQL
 * once, sent as a named prepared statement so PostgreSQL plans it once per connection, and bound to each call's
 * values. Planning was 0.35 ms of the placing statement's 0.8 ms, and building and rendering it anew 10% of an
 * HTTP order's CPU (pgbench and the profile in bench/orders.ts). The name carries a hash of the text, so two
 * texts never share one (node-postgres refuses that). PGlite ignores the name. Behind PgBouncer in transaction
 * mode this needs PgBouncer 1.21 or later with `max_prepared_statements` set (README, Running several processes).
 * PostgreSQL may keep one generic plan per connection, made from the statistics of its moment (an empty table,
 * say): write such a statement so that every plan of it is a good one (the velocity check in order-insert.ts).
 */
export function preparedStatement<Row>(name: string, statement: SQL): PreparedStatement<Row> {
  const rendered = dialect.sqlToQuery(statement);
  const named = `${name}_${createHash("sha1").update(rendered.sql).digest("hex").slice(0, 12)}`;
  return {
    query: (values) => ({ sql: rendered.sql, params: fillPlaceholders(rendered.params, values) }),
    run: async (executor, values) => {
      const prepared = executor._.session.prepareQuery(rendered, undefined, named, false);
      return ((await prepared.execute(values)) as { rows: Row[] }).rows;
    },
  };
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

/**
 * Runs a write whose unique name or code may be taken: the database's unique index decides (a check before the
 * insert would race a second editor), and the caller names the failure.
 */
export async function unlessTaken<T>(write: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error).code === "23505") throw taken();
    throw error;
  }
}
