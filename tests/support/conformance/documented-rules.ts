import fc from "fast-check";
import { EVENT_FEED_DAYS } from "#contracts";
import type { Mutation } from "./mutations";
import type { RequestCase } from "./operations";

const DAY_MS = 86_400_000;

/**
 * Rules docs/open-api.md states that a JSON Schema cannot (they depend on the clock): each narrows what a
 * conforming request sends for one parameter, and is broken by one more mutation. The limits come from the
 * contracts the server and the docs share, never written here a second time.
 */
export interface DocumentedRule {
  operationId: string;
  parameter: string;
  /** Values the rule allows (the generated conforming requests send only these). */
  conforming: fc.Arbitrary<string>;
  broken: Mutation;
}

/** `cursors`: `nextCursor`s the server wrote (a cursor is opaque: only those are conforming). */
export function documentedRules(now: Date, cursors: string[]): DocumentedRule[] {
  const daysBack = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const withSince = (request: RequestCase, since: string): RequestCase => ({
    ...request,
    query: [...request.query.filter(([k]) => k !== "since"), ["since", since]],
  });
  const withCursor = (request: RequestCase, cursor: string): RequestCase => ({
    ...request,
    query: [...request.query.filter(([k]) => k !== "cursor"), ["cursor", cursor]],
  });
  // "A cursor we did not write is refused: 400 `INVALID_REQUEST` with `data.errors.cursor`" (orders, events).
  const cursorRules =
    cursors.length === 0
      ? []
      : ["listOrders", "events"].map((operationId) => ({
          operationId,
          parameter: "cursor",
          conforming: fc.constantFrom(...cursors),
          broken: {
            label: "query `cursor` not one we wrote",
            values: fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== "" && !cursors.includes(s)),
            examples: ["not-a-cursor"],
            put: (request: RequestCase, value: unknown) => ({
              request: withCursor(request, String(value)),
              field: "cursor",
            }),
          },
        }));
  return [
    ...cursorRules,
    {
      // "Query: `since`, `until` (ISO 8601; `since` no further back than 30 days)" — docs/open-api.md, events.
      operationId: "events",
      parameter: "since",
      conforming: fc
        .integer({ min: 60_000, max: EVENT_FEED_DAYS * DAY_MS - 60_000 })
        .map((ms) => daysBack(ms / DAY_MS)),
      broken: {
        label: `query \`since\` more than EVENT_FEED_DAYS (${EVENT_FEED_DAYS}) days back`,
        values: fc.integer({ min: 1, max: 3 * 365 }).map((extra) => daysBack(EVENT_FEED_DAYS + extra)),
        examples: [daysBack(EVENT_FEED_DAYS + 1), daysBack(2 * EVENT_FEED_DAYS)],
        put: (request, value) => ({ request: withSince(request, String(value)), field: "since" }),
      },
    },
  ];
}
