import { sql } from "drizzle-orm";
import { YEAR_RANGE } from "#contracts";
import { invalid } from "../../lib/failure";

/**
 * The Open API's list cursors (orders, events): the last row's (time, id), opaque to the client. Paging by it is
 * stable while rows keep arriving: new ones come after it.
 */
export interface Cursor {
  at: string;
  id: number;
}

export const writeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");

/** A cursor this server wrote, or a field error (a client that mangled it starts again without one). */
export function readCursor(text: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    // A time the database can hold (a forged cursor's year -200000 would otherwise reach it as a 500).
    const year = typeof at === "string" ? new Date(at).getUTCFullYear() : Number.NaN;
    if (year >= YEAR_RANGE.min && year <= YEAR_RANGE.max && Number.isSafeInteger(id) && (id as number) > 0)
      return { at: at as string, id: id as number };
  } catch {
    // Not ours: said below.
  }
  throw invalid({ cursor: "validation.cursor" });
}

/**
 * A client's moment (a query's date-time, a cursor's time) as the database compares it: through its epoch
 * milliseconds, because PostgreSQL refuses the UTC offsets of ±16:00 to ±23:59 that RFC 3339, and so the
 * document, allow (a 500 before).
 */
export const moment = (at: Date | string) =>
  sql`to_timestamp(${(typeof at === "string" ? new Date(at) : at).getTime()}::double precision / 1000)`;
