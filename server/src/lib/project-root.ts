import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The repository's root (the folder of package.json). The server reads its migrations, locales, the Open API guide
 * and the built browser app from there, and finds it the same way whether it runs from server/src (tsx) or from
 * the bundle in dist-server/ (scripts/server-build.mjs), whose files sit at other depths.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the repository, from its root. */
export const fromProjectRoot = (...parts: string[]) => path.join(projectRoot, ...parts);
