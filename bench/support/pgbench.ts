import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { scratchPostgres } from "../../tests/support/test-db";

const run = promisify(execFile);

/**
 * PostgreSQL's own floor for one merchant's orders, measured by pgbench (Debian's, no JavaScript) on the same
 * server in the same run: every order debits one balance row, inserts an order and a ledger entry. Two ways:
 * - `transaction`: the classic per-order transaction, one statement at a time (conditional debit, order insert,
 *   ledger insert, commit): what an application that does not group pays;
 * - `statement`: the same as one data-modifying statement (one round trip, one commit per order).
 * In a database of its own, dropped after. Answers orders/s by way and client count, or null without pgbench.
 */
export type PgbenchWay = "transaction" | "statement";

const SCHEMA = `
  create table balances (id int primary key, balance numeric(20,4) not null check (balance >= 0));
  insert into balances values (1, 1000000000000);
  create table orders (id bigserial primary key, merchant_id int not null, amount numeric(20,4) not null,
    created_at timestamptz not null default now());
  create table ledger (id bigserial primary key, merchant_id int not null, order_id bigint not null,
    amount numeric(20,4) not null, balance_after numeric(20,4) not null, created_at timestamptz not null default now());
`;

const SCRIPTS: Record<PgbenchWay, string> = {
  transaction: [
    "BEGIN;",
    "UPDATE balances SET balance = balance - 10 WHERE id = 1 AND balance >= 10 RETURNING balance \\gset",
    "INSERT INTO orders (merchant_id, amount) VALUES (1, 10) RETURNING id \\gset",
    "INSERT INTO ledger (merchant_id, order_id, amount, balance_after) VALUES (1, :id, -10, :balance);",
    "END;",
  ].join("\n"),
  statement:
    "WITH d AS (UPDATE balances SET balance = balance - 10 WHERE id = 1 AND balance >= 10 RETURNING balance), " +
    "o AS (INSERT INTO orders (merchant_id, amount) SELECT 1, 10 FROM d RETURNING id) " +
    "INSERT INTO ledger (merchant_id, order_id, amount, balance_after) SELECT 1, o.id, -10, d.balance FROM d, o;",
};

async function hasPgbench(): Promise<boolean> {
  try {
    await run("pgbench", ["--version"]);
    return true;
  } catch {
    return false;
  }
}

/**
 * A statement of ours (`sqlToQuery`'s text and parameters) through pgbench, prepared or not, on `url`: what it
 * costs with no JavaScript at all. The parameters are written in as literals (E'' strings with every colon escaped:
 * pgbench reads `:name` as a variable even inside a literal), except where `rewrite` gives an expression of its own
 * for one (it gets the literal to build on; pgbench variables set by `setup`, such as `\\set n random(1, 9)`, may be
 * used there). Answers orders/s for each of `runs`, in order.
 */
export async function pgbenchStatement(
  url: string,
  statement: { sql: string; params: unknown[] },
  {
    setup = [],
    rewrite = () => undefined,
  }: { setup?: string[]; rewrite?: (value: unknown, literal: string) => string | undefined },
  runs: { clients: number; mode: "prepared" | "simple" }[],
  seconds: number,
): Promise<number[] | null> {
  if (!(await hasPgbench())) return null;
  const literalOf = (value: unknown) => {
    if (value === null) return "null";
    if (typeof value === "number") return String(value);
    const text = String(value).replaceAll("\\", "\\\\").replaceAll("'", "''").replaceAll(":", "\\x3a");
    return `E'${text}'`;
  };
  let text = statement.sql.replace(/\s+/g, " ");
  statement.params.forEach((value, i) => {
    const literal = literalOf(value);
    const replacement = rewrite(value, literal) ?? literal;
    // Not followed by a digit: $1 must not match the start of $10.
    text = text.replace(new RegExp(`\\$${i + 1}(?!\\d)`, "g"), () => replacement);
  });
  const folder = mkdtempSync(path.join(tmpdir(), "mp-pgbench-"));
  try {
    const file = path.join(folder, "ours.sql");
    writeFileSync(file, [...setup, `${text};`, ""].join("\n"));
    const tps: number[] = [];
    for (const { clients, mode } of runs) tps.push(await pgbenchTps(url, file, clients, seconds, mode));
    return tps;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function pgbenchTps(url: string, file: string, clients: number, seconds: number, mode: "prepared" | "simple") {
  const args = ["-n", "-M", mode, "-c", String(clients), "-j", String(Math.min(clients, 2)), "-T", String(seconds)];
  const { stdout } = await run("pgbench", [...args, "-f", file, url], { maxBuffer: 1 << 20 });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Number(tps);
}

export async function pgbenchFloor(
  clients: number[],
  seconds: number,
): Promise<Map<PgbenchWay, Map<number, number>> | null> {
  if (!(await hasPgbench())) {
    console.log("  (pgbench not found: install the PostgreSQL server packages to compare with it)");
    return null;
  }
  const database = await scratchPostgres("mp_pgbench");
  const folder = mkdtempSync(path.join(tmpdir(), "mp-pgbench-"));
  try {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(SCHEMA);
    await client.end();
    const results = new Map<PgbenchWay, Map<number, number>>();
    for (const way of Object.keys(SCRIPTS) as PgbenchWay[]) {
      const file = path.join(folder, `${way}.sql`);
      writeFileSync(file, `${SCRIPTS[way]}\n`);
      const byClients = new Map<number, number>();
      for (const c of clients) byClients.set(c, await pgbenchTps(database.url, file, c, seconds, "simple"));
      results.set(way, byClients);
    }
    return results;
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await database.drop();
  }
}
