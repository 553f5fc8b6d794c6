// Builds the server, the worker and the operator CLI to JavaScript in dist-server/ (beside the browser app in
// dist/), so production runs plain `node` on them from a pruned install (`npm ci --omit=dev`): no tsx, no
// TypeScript at run time. Packages stay imports of node_modules; our own code (server/src, contracts) is bundled,
// which also resolves the `#contracts` imports that point at TypeScript files.

import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const serverOutDir = path.join(root, "dist-server");

const { dependencies } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
/**
 * Packages bundled into the build rather than imported from node_modules: drizzle-orm's hundreds of small ES
 * modules cost Node 24's module loader about 130 MB that the process keeps for its life (bench/memory.ts); bundled,
 * they are one file.
 */
const bundled = ["drizzle-orm"];

/** The entry points, by the file name each gets in dist-server/. */
const entryPoints = {
  main: "server/src/main.ts",
  worker: "server/src/worker.ts",
  ops: "server/src/ops/cli.ts",
};

export async function buildServer() {
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints,
    outdir: serverOutDir,
    bundle: true,
    // The three entries share most of the code: split it into chunks rather than three copies.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    format: "esm",
    platform: "node",
    target: "node24",
    // Packages stay in node_modules, but for those bundled (below).
    external: Object.keys(dependencies).filter((name) => !bundled.includes(name)),
    // Stack traces name the TypeScript lines (the start runs node with --enable-source-maps).
    sourcemap: true,
    logLevel: "warning",
    metafile: true,
  });
  // Files are overwritten in place (a server running from here keeps working); chunks of earlier builds go.
  const current = new Set(Object.keys(metafile.outputs).map((file) => path.resolve(root, file)));
  for (const entry of readdirSync(serverOutDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !current.has(file)) rmSync(file);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
