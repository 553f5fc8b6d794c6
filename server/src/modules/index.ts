import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerModule } from "./module";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The folders under modules/ that are modules (they have an index.ts), in name order. */
export function moduleFolders(): string[] {
  return readdirSync(here, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && readdirSync(path.join(here, entry.name)).includes("index.ts"))
    .map((entry) => entry.name)
    .sort();
}

/** Every module, found by convention (as fastify-autoload does, without its plugin encapsulation rules). */
export async function loadModules(): Promise<ServerModule[]> {
  return Promise.all(
    moduleFolders().map(async (folder) => {
      const { default: module } = (await import(`./${folder}/index.ts`)) as { default: ServerModule };
      if (module.name !== folder) throw new Error(`modules/${folder}/index.ts declares the module "${module.name}"`);
      return module;
    }),
  );
}
