import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../app-deps";

type Routes = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

/**
 * What a module adds to the server. Each folder under modules/ with an index.ts default-exporting one of these
 * is a module; nothing lists them (see loadModules), so a new area is a new folder.
 */
export interface ServerModule {
  /** The folder's name, which is also the area's name in contracts/, src/pages/ and locales/. */
  name: string;
  /** Routes of the browser's API (prefix PORTAL_BASE), each in a scope of its own. */
  portal?: Routes;
  /** Routes of merchants' servers (prefix OPENAPI_BASE, signed). */
  openApi?: Routes;
}

export const defineModule = (module: ServerModule): ServerModule => module;
