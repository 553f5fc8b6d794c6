import { type AppDeps, coreDeps } from "./app-deps";
import type { Config } from "./config";
import type { Database } from "./db/connection";
import type { Clock } from "./lib/clock";
import { loadModules } from "./modules";

/**
 * The process's container (app-deps.ts): the core parts, then each module's own, made by its declaration's `deps`
 * from the core. Once per process (main, worker, CLI) or per test.
 */
export function createDeps(database: Database, config: Config, clock?: Clock): AppDeps {
  const core = coreDeps(database, config, clock);
  const deps: Record<string, unknown> = { ...core };
  const caches: Record<string, unknown> = { ...core.caches };
  for (const module of loadModules()) {
    const { caches: moduleCaches = {}, ...parts } = module.deps?.(core) ?? {};
    add(deps, parts, module.name);
    add(caches, moduleCaches, module.name);
  }
  return { ...deps, caches } as unknown as AppDeps;
}

/** One part, one maker: a module cannot replace the core's or another module's part. */
function add(into: Record<string, unknown>, made: object, module: string) {
  for (const [name, part] of Object.entries(made)) {
    if (name in into) throw new Error(`modules/${module} makes "${name}", which the container already has`);
    into[name] = part;
  }
}
