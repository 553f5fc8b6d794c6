import { execFile } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite, type QueryOptions, type Transaction, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { fromProjectRoot } from "../lib/project-root";
/**
 * Queries name their tables (imported from db/schema.ts or a module's own `<area>.schema.ts`); no relational
 * query API, so the connection needs no list of every table and a new module's table is registered nowhere.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Queries that may run inside a caller's transaction or on their own. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  close(): Promise<void>;
  /** Hears NOTIFY on `channel` (see `Listening`); closed with the database. */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
}

export interface ListenHandlers {
  /** A notice's payload, in commit order. */
  notice(payload: string): void;
  /** Notices may have been missed (the connection dropped): whatever depends on them must start over. */
  lost(): void;
}

export interface Listening {
  /** Whether notices are being heard now (false between a dropped connection and its replacement). */
  readonly live: boolean;
  stop(): Promise<void>;
}

/** How long a lost LISTEN connection waits before it tries again (doubling to the last). */
const RELISTEN_DELAYS_MS = [100, 500, 2_000, 5_000];

/**
 * LISTEN on a connection of its own (a pooled one would go back to the pool, and PgBouncer in transaction mode
 * cannot carry it): reconnected after a drop, saying `lost` first, since notices sent meanwhile are gone.
 */
async function listenOnPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<Listening> {
  let live = false;
  let stopped = false;
  let client: pg.Client | null = null;
  let failures = 0;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.notice(message.payload ?? "");
    });
    const dropped = () => {
      if (client !== next) return;
      client = null;
      live = false;
      handlers.lost();
      if (stopped) return;
      const delay = RELISTEN_DELAYS_MS[Math.min(failures++, RELISTEN_DELAYS_MS.length - 1)];
      setTimeout(() => void connect().catch(dropped), delay).unref();
    };
    next.on("error", dropped);
    next.on("end", dropped);
    client = next;
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) return void (await next.end());
    failures = 0;
    live = true;
  };
  await connect();
  return {
    get live() {
      return live;
    },
    async stop() {
      stopped = true;
      live = false;
      const open = client;
      client = null;
      await open?.end();
    },
  };
}

export const migrationsFolder = fromProjectRoot("server/src/db/migrations");

export type DatabaseTarget =
  | {
      kind: "postgres";
      url: string;
      /** The pool's size (10 unless said). */
      poolMax?: number;
      /** A direct address for LISTEN when `url` goes through a transaction-mode pooler; `url` unless said. */
      listenUrl?: string;
    }
  /**
   * `dir` undefined = in memory (tests that run without the API project's template folder).
   */
  | {
      kind: "pglite";
      dir?: string;
      /** shared_buffers of a data folder's database. */
      sharedBuffers?: string;
    };

/**
 * A new embedded database (PostgreSQL's initdb), made in a process of its own: the server that runs initdb keeps
 * about 130 MB more for its whole life (bench/memory.ts), which a short-lived process gives back when it exits.
 */
async function createDataFolder(pgdata: string): Promise<void> {
  const create = `const { PGlite } = await import(${JSON.stringify(import.meta.resolve("@electric-sql/pglite"))});
await (await PGlite.create(process.argv[1])).close();`;
  await promisify(execFile)(process.execPath, ["--input-type=module", "-e", create, pgdata]);
}

/**
 * A connection closed while its client is checked out (PostgreSQL restarted, or ended it) is an error event on
 * the client, which the pool does not listen to then: unheard, it would end the process. Heard here, the client
 * goes back to the pool at once (which drops a dead one) and its holder's own release becomes a no-op: Drizzle
 * sends a transaction's BEGIN before its try/finally, so a BEGIN that fails never releases its client, and each
 * such client would hold a place in the pool (and `pool.end()` on a graceful stop) for good. The holder hears of
 * the error from its statement.
 */
function handBackDeadClients(pool: pg.Pool) {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on("acquire", (client) => checkedOut.add(client));
  pool.on("release", (_error, client) => checkedOut.delete(client));
  pool.on("connect", (client) =>
    client.on("error", (error) => {
      if (!checkedOut.has(client)) return;
      const release = client.release;
      client.release = () => {};
      release(error);
    }),
  );
}

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(
  target: DatabaseTarget,
  onIdleError: (error: Error) => void = (error) => console.error(`PostgreSQL connection lost: ${error.message}`),
): Promise<Database> {
  if (target.kind === "postgres") {
    // NUMERIC stays a string (pg's default): money never passes through a float.
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolMax ?? 10 });
    // An idle connection closed by the server (restart, failover) is dropped from the pool and replaced on
    // the next query; without a listener the error would end the process.
    pool.on("error", onIdleError);
    handBackDeadClients(pool);
    const db = drizzleNodePg(pool);
    try {
      await migrateNodePg(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    const listeners: Listening[] = [];
    return {
      db,
      engine: "postgres",
      close: async () => {
        await Promise.all(listeners.map((l) => l.stop()));
        await pool.end();
      },
      listen: async (channel, handlers) => {
        const listening = await listenOnPostgres(target.listenUrl ?? target.url, channel, handlers);
        listeners.push(listening);
        return listening;
      },
    };
  }

  const release = target.dir ? lockDataDir(target.dir) : () => {};
  try {
    const pgdata = target.dir ? path.join(target.dir, "pgdata") : null;
    if (pgdata && !existsSync(pgdata)) await createDataFolder(pgdata);
    const client = pgdata
      ? await PGlite.create(pgdata, {
          startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${target.sharedBuffers ?? "16MB"}`],
        })
      : await PGlite.create();
    const db = drizzlePglite(withDrizzleParsers(client));
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      engine: "pglite",
      close: async () => {
        await client.close();
        release();
      },
      // One process holds the embedded database: its notices never travel over a connection that could drop.
      listen: async (channel, handlers) => {
        const unlisten = await client.listen(channel, (payload) => handlers.notice(payload));
        let live = true;
        return {
          get live() {
            return live;
          },
          async stop() {
            live = false;
            await unlisten();
          },
        };
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * The types Drizzle has PGlite answer as the text PostgreSQL sends (timestamps, dates, intervals, their arrays, and
 * numeric arrays): drizzle-orm/pglite passes a parser for each, `(value) => value`, with every query.
 */
const DRIZZLE_TEXT_TYPES = new Set(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(String),
);

/**
 * PGlite merges the parsers a query brings into its own (three hundred) by copying them all, on every query: for
 * Drizzle's nine that copy took about as much CPU as the query itself (0.2 ms of 0.45 ms for a one-row select).
 * Set once on the instance instead (every query of this server goes through Drizzle), they are left out of each
 * query that brings those and only those, unchanged (each answers its input as it is): the same answers. Any
 * other parser still comes through.
 */
function withDrizzleParsers(client: PGlite): PGlite {
  const asText = (value: string) => value;
  // After the start, which set the array types' own parsers: Drizzle's replace those too.
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  const lean = (options?: QueryOptions): QueryOptions | undefined =>
    options?.parsers &&
    Object.entries(options.parsers).every(([type, parse]) => DRIZZLE_TEXT_TYPES.has(type) && parse("0", 0) === "0")
      ? { ...options, parsers: undefined }
      : options;
  const query = client.query.bind(client);
  client.query = (text, params, options) => query(text, params, lean(options));
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx: Transaction) => {
      const txQuery = tx.query;
      tx.query = (text, params, options) => txQuery(text, params, lean(options));
      return callback(tx);
    });
  return client;
}

export class DataDirLockedError extends Error {}

/**
 * PGlite does not lock its folder, and two processes on one folder corrupt it: hold a lock file with our pid
 * and refuse to start while another live process holds it (a stale lock from a crash is taken over).
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      // Released on close, and on any exit (a failed start, an error) so no stale lock is left behind.
      const release = () => {
        process.off("exit", release);
        rmSync(file, { force: true });
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(file, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another server (pid ${pid}). Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}`);
}

/** Whether a process is running (one of another user's answers EPERM: it runs too). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Round-trip time of a trivial query, for the health call. */
export async function pingDatabase(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 10) / 10;
}
