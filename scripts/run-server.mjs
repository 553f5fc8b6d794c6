// Runs one part of the built server (dist-server/<part>.js: main, worker or ops) in this process, with the rest of
// the command line as its arguments. In a checkout with the dev dependencies it first builds dist-server/ from
// the sources on disk (esbuild, under a second), so `npm start`, `npm run worker` and `npm run ops` always run
// what is there; in a pruned install (`npm ci --omit=dev`) it runs what `npm run build` made.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function runServerPart(part) {
  const canBuild = await import("esbuild").then(
    () => true,
    () => false,
  );
  if (canBuild) await (await import("./server-build.mjs")).buildServer();
  const entry = path.join(root, "dist-server", `${part}.js`);
  if (!existsSync(entry)) {
    process.stderr.write(`${path.relative(root, entry)} is missing: run \`npm run build\` first.\n`);
    process.exit(1);
  }
  // Stack traces name the TypeScript lines, as `node --enable-source-maps` would.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(entry).href);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [part, ...rest] = process.argv.slice(2);
  // The part reads its own arguments from process.argv, as when node runs it directly.
  process.argv = [process.argv[0], path.join(root, "dist-server", `${part}.js`), ...rest];
  await runServerPart(part);
}
