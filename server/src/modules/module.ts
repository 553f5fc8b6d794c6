import type { FastifyInstance } from "fastify";
import type { AppDeps, CoreDeps, ModuleParts } from "../app-deps";
import type { PollingWorker, WorkerLog } from "../lib/polling-worker";
import type { AuditActor } from "./audit/audit.service";

type Routes = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

/**
 * What a module adds to the server. Each folder under modules/ with an index.ts default-exporting one of these
 * is a module; the list of them is written from the folders (see loadModules), so a new area is a new folder.
 */
export interface ServerModule {
  /** The folder's name, which is also the area's name in contracts/, src/pages/ and locales/. */
  name: string;
  /** Routes of the browser's API (prefix PORTAL_BASE), each in a scope of its own. */
  portal?: Routes;
  /** Routes of the reseller's console (prefix PORTAL_BASE too; their calls declare `realm: "console"`). */
  console?: Routes;
  /** Routes of merchants' servers (prefix OPENAPI_BASE), in the signed scope `openApiScope` sets up. */
  openApi?: Routes;
  /**
   * Sets up the Open API's scope (prefix OPENAPI_BASE) before any module's `openApi` routes go in it: its body
   * parsing, hooks (signature, rate limit, signed answers), error and not-found handlers. One module declares it
   * (modules/openapi), and loadModules refuses `openApi` routes when none does.
   */
  openApiScope?: Routes;
  /**
   * Routes at their full paths, outside the portal's and the Open API's scopes: public files (the Open API's own
   * document and reference page).
   */
  root?: Routes;
  /**
   * What the module keeps in each process's container: its parts of AppDeps, declared in its index.ts on
   * `AppDeps` or `AppCaches` (`declare module "../../app-deps"`) and made here from the core, once per container
   * (create-deps.ts).
   */
  deps?: (core: CoreDeps) => ModuleParts;
  /**
   * Background workers, by name: run inside the server (RUN_WORKER) and by `npm run worker`. Each shares its
   * work with its copies in other processes through its table (claims with FOR UPDATE SKIP LOCKED).
   */
  workers?: Record<string, (deps: AppDeps, options: { log: WorkerLog }) => PollingWorker>;
  /** Commands of the operator CLI (`npm run ops -- <name>`), named `<subject>:<verb>`. */
  commands?: Commands;
}

/** One command of the operator CLI: its options are parsed and checked before `run` (ops/cli.ts). */
export interface Command {
  summary: string;
  usage: string;
  /**
   * `path`: a file the command reads. The CLI passes it on as an absolute path, since the command may run in the
   * server that holds the embedded database (ops/ops-socket.ts), whose working directory is not the operator's.
   */
  options: Record<string, { type: "string" | "boolean"; description: string; required?: boolean; path?: true }>;
  /** `out` prints a line for the operator (the CLI's stdout); `operator` is who ran it, for the audit log. */
  run(
    deps: AppDeps,
    values: Record<string, string | boolean | undefined>,
    out: (line: string) => void,
    operator: AuditActor,
  ): Promise<void>;
  /**
   * Set by a command that must open no database (restore, which fills an empty data folder): the CLI runs this
   * instead of `run`, before it reads the configuration or opens anything, and a server refuses it
   * (ops/ops-socket.ts). Its `run` is then never called.
   */
  withoutDatabase?(values: Record<string, string | boolean | undefined>, out: (line: string) => void): Promise<void>;
}
export type Commands = Record<string, Command>;

/** An option's text, when it was given as text. */
export const optionText = (v: string | boolean | undefined) => (typeof v === "string" ? v : undefined);

export const defineModule = (module: ServerModule): ServerModule => module;
