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
    if (typeof at === "string" && !Number.isNaN(Date.parse(at)) && Number.isSafeInteger(id) && (id as number) > 0)
      return { at, id: id as number };
  } catch {
    // Not ours: said below.
  }
  throw invalid({ cursor: "validation.cursor" });
}
