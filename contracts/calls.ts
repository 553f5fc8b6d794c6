import { z } from "zod";
import type { Action } from "./roles";

/**
 * Every HTTP call, declared once: method, path, what it takes, what it answers, who may make it. The server
 * registers its routes from these declarations (server/src/plugins/serve.ts) and the browser sends through them
 * (src/providers/api-call.ts), so no path is written anywhere else in either.
 */
/** The browser's API (every answer an envelope `{ code, message, data }`). */
export const PORTAL_BASE = "/portal";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may make a call: anyone (`public`), any signed-in user with MFA bound (`signedIn`), a permission of the
 * shared matrix (resources.ts), or a merchant's server with a valid Open API signature (`signature`).
 */
export type CallAccess = "public" | "signedIn" | "signature" | { resource: string; action: Action };

/**
 * Whose call it is: the merchant portal's (a merchant user's session, permissions of the role matrix) or the
 * reseller's console (a staff session, permissions its roles hold as data). A session of one realm never
 * reaches a call of the other.
 */
export type Realm = "merchant" | "console";

export interface CallDeclaration {
  readonly method: HttpMethod;
  /** The merchant portal's unless said. */
  readonly realm?: Realm;
  /** Below the API's prefix (`/portal` or `/openapi/v1`); `:name` marks a path parameter. */
  readonly path: string;
  readonly access: CallAccess;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * `data` of the answer's envelope; absent when the answer is a file (a download, an uploaded image). The server
   * and the API documentation read it; the browser's build leaves it out (scripts/vite-browser-contracts.ts).
   */
  readonly answer?: z.ZodType;
  /** Allowed before the user has bound MFA: the calls that bind it, reading oneself, signing out. */
  readonly beforeMfa?: true;
  /** Hands out or takes away access: needs the caller's current MFA code in `X-MFA-Code` (step-up). */
  readonly stepUp?: true;
  /** Answers even while the server sheds load, to say so (health). */
  readonly reportsOverload?: true;
  /** A GET that changes something (the spec's export calls queue a task): refused like a change on a full disk. */
  readonly changes?: true;
  /** Heading of the call in the API documentation (/portal/docs). */
  readonly tag: string;
  /** Body types other than JSON. */
  readonly consumes?: readonly string[];
  /** Bytes a body may have when it is not the server's default (1 MB). */
  readonly bodyLimit?: number;
}

/** Every console call: in the console's realm, in its part of the API documentation. */
export const inConsole = { realm: "console", tag: "console" } as const;

/** Declares a call; the `const` keeps its literal path and method in the type. */
export const defineCall = <const C extends CallDeclaration>(call: C): C => call;

type Input<C, K extends "params" | "query" | "body"> = C extends { [P in K]: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
type Output<C, K extends "params" | "query" | "body"> = C extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** What a sender passes: the parts the call declares (query and body as typed before the server's parsing). */
export type CallInput<C extends CallDeclaration> = {
  params?: Input<C, "params">;
  query?: Input<C, "query">;
  body?: Input<C, "body">;
};
/** What the server's handler receives once the declaration's schemas have parsed the request. */
export type CallParsed<C extends CallDeclaration> = {
  params: Output<C, "params">;
  query: Output<C, "query">;
  body: Output<C, "body">;
};
/** The envelope's `data` of a successful answer. */
export type CallAnswer<C extends CallDeclaration> = C extends { answer: infer S extends z.ZodType }
  ? z.output<S>
  : unknown;

/** The call's path with its parameters filled in (encoded), as it is sent. */
export function pathOf(call: Pick<CallDeclaration, "path">, params: object = {}): string {
  return call.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = (params as Record<string, unknown>)[name];
    if (value === undefined || value === null || value === "") throw new Error(`${call.path} needs "${name}"`);
    return encodeURIComponent(String(value));
  });
}

/** A positive integer id in a path (ids above what a bigint column holds would fail in the database). */
export const idParams = z.object({
  id: z.coerce
    .number("validation.integer")
    .int("validation.integer")
    .positive("validation.integer")
    .max(Number.MAX_SAFE_INTEGER, "validation.integer"),
});
