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
export async function loadModules(): Promise<ServerModule[]> {
  return Object.entries(modulesByFolder).map(([folder, module]) => {
    if (module.name !== folder) throw new Error(`modules/${folder}/index.ts declares the module "${module.name}"`);
    return module;
  });
}
