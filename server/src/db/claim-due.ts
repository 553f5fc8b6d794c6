import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "./connection";
import { queryRows } from "./raw";

/**
 * How a background job takes its next rows: due rows of `table` (alias `t` in every fragment) are locked,
 * skipping rows another worker holds (FOR UPDATE SKIP LOCKED), and leased in the same statement, so two workers
 * never take the same row and a crashed one's rows come back when their lease runs out.
 *
 * The due rows are picked in a MATERIALIZED CTE: inside `id IN (subquery)` PostgreSQL may run the
 * LIMIT … SKIP LOCKED subquery more than once and claim more rows than asked (seen here: all twelve due rows
 * for a limit of four).
 */
export function claimDue<Row>(
  executor: Executor,
  claim: {
    /** A table name of our own schema (never input). */
    table: string;
    /** Which rows are due. */
    due: SQL;
    /** Which due rows go first. */
    orderBy: SQL;
    limit: number;
    /** The lease: what marks a row as taken (typically its next run time and its try count). */
    set: SQL;
    /** What must still hold of the locked row (it may have changed since the CTE's snapshot). */
    still?: SQL;
    /** The claimed rows' columns; `due.<column>` reads a `carry` column's value from before the update. */
    returning: SQL;
    carry?: readonly string[];
  },
): Promise<Row[]> {
  const table = sql.raw(claim.table);
  const carried = sql.raw((claim.carry ?? []).map((column) => `, t.${column}`).join(""));
  return queryRows<Row>(
    executor,
    sql`
      with due as materialized (
        select t.id${carried} from ${table} t
        where ${claim.due}
        order by ${claim.orderBy}
        limit ${claim.limit}
        for update skip locked
      )
      update ${table} t
      set ${claim.set}
      from due
      where t.id = due.id${claim.still ? sql` and ${claim.still}` : sql``}
      returning ${claim.returning}`,
  );
}
