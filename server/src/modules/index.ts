import { modulesByFolder } from "./all-modules";
import type { ServerModule } from "./module";

/** The folders under modules/ that are modules (they have an index.ts), in name order. */
export function moduleFolders(): string[] {
  return Object.keys(modulesByFolder);
}

/**
 * Every module, found by convention (as fastify-autoload does, without its plugin encapsulation rules): the list
 * in all-modules.ts is written from the folders by scripts/write-indexes.mjs, so a new area is a new folder.
 */
export function loadModules(): ServerModule[] {
  const modules = Object.entries(modulesByFolder).map(([folder, module]) => {
    if (module.name !== folder) throw new Error(`modules/${folder}/index.ts declares the module "${module.name}"`);
    return module;
  });
  // Routes of the Open API are signed by the scope one module sets up: without it they would answer anyone.
  const scopes = modules.filter((m) => m.openApiScope).map((m) => m.name);
  if (scopes.length > 1) throw new Error(`The Open API's scope is set up by one module, not by ${scopes.join(", ")}`);
  const unsigned = modules.filter((m) => m.openApi).map((m) => m.name);
  if (scopes.length === 0 && unsigned.length > 0)
    throw new Error(`No module sets up the Open API's scope for the routes of ${unsigned.join(", ")}`);
  return modules;
}
