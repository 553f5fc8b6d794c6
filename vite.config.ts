import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { browserContracts } from "./scripts/vite-browser-contracts.ts";
import { precompress } from "./scripts/vite-precompress.ts";

/**
 * Writes the full app's start-up files (src/full-app.tsx's chunk, its static imports and their CSS) into the light
 * sign-in page's placeholder (src/pages/login/app-prefetch.ts), so the page can let the browser fetch the app while
 * the user types.
 */
function appStartFiles(): Plugin {
  const placeholder = /(["'`])__APP_START_FILES__\1/g;
  return {
    name: "app-start-files",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const app = chunks.find((c) => c.facadeModuleId?.endsWith("/src/full-app.tsx"));
      if (!app) return;
      const files = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.find((c) => c.fileName === fileName);
        if (!chunk || files.has(fileName)) return;
        files.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) visit(imported);
      };
      visit(app.fileName);
      const literal = JSON.stringify(JSON.stringify([...files]));
      for (const chunk of chunks) chunk.code = chunk.code.replace(placeholder, literal);
    },
  };
}

/**
 * `virtual:antd-styles.css`: antd's component styles made at build time (scripts/antd-styles.ts), so the browser
 * does not generate them. Empty in development and tests, where antd generates them as usual.
 */
function antdStaticStyles(): Plugin {
  const id = "virtual:antd-styles.css";
  let building = false;
  return {
    name: "antd-static-styles",
    configResolved(config) {
      building = config.command === "build";
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      if (!building) return "";
      const tsx = createRequire(import.meta.url).resolve("tsx/cli");
      return execFileSync(process.execPath, [tsx, "scripts/antd-styles.ts"], {
        env: { ...process.env, NODE_ENV: "production" },
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
    },
  };
}

const apiPort = Number(process.env.PORT ?? 8080);

/**
 * `npm test`'s projects share one pool of workers (one group, one worker count), so a core left idle by one
 * project's last long file takes the next project's files: before, the unit and server projects ran on one worker
 * (Vitest's default on two cores is one) while the other core idled, then the API project ran alone. At least two
 * on any machine; Vitest's default (a core per worker, one left over) above that.
 */
const testWorkers = Math.max(2, availableParallelism() - 1);

/**
 * The order files start in. A worker keeps its project's modules only while it goes on with the same project, so
 * each project's files stay together: the server and unit projects first (quick files, but the server's long
 * xlsx-stream file starts at once on one worker while the other does the rest), then the API project, the bulk,
 * whose many short files even out both workers at the end. The files known to take longest start first within
 * their project (Vitest orders the others by their last duration, or by size on a fresh clone, which would start
 * the short conformance file, the second longest, among the last).
 */
class ProjectsInTurnLongestFirst extends BaseSequencer {
  static readonly projects = ["server", "unit", "api"];
  static readonly longest = [
    "tests/server/xlsx-stream.test.ts",
    "tests/api/bad-input.test.ts",
    "tests/api/open-api-conformance.test.ts",
  ];
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { projects, longest } = ProjectsInTurnLongestFirst;
    const rank = (file: TestSpecification) => {
      const project = projects.indexOf(file.project.name);
      const long = longest.indexOf(path.relative(file.project.config.root, file.moduleId));
      return (project === -1 ? projects.length : project) * 100 + (long === -1 ? longest.length : long);
    };
    // Stable: files of equal rank keep Vitest's order (failed first, then longest last time, then largest).
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  plugins: [react(), browserContracts(), antdStaticStyles(), appStartFiles(), precompress()],
  resolve: {
    // @refinedev/antd's MarkdownField (never used here) would pull the whole Markdown stack into every signed-in
    // page: both its imports resolve to a stub that renders the text as it is. papaparse (Refine's import and
    // export hooks, unused) likewise; qs is answered by qs-esm (src/lib/stubs/qs.ts).
    alias: [
      { find: /^react-markdown$/, replacement: path.resolve("src/lib/stubs/no-markdown.ts") },
      { find: /^remark-gfm$/, replacement: path.resolve("src/lib/stubs/no-markdown.ts") },
      { find: /^papaparse$/, replacement: path.resolve("src/lib/stubs/no-papaparse.ts") },
      { find: /^qs$/, replacement: path.resolve("src/lib/stubs/qs.ts") },
    ],
  },
  server: {
    // `npm run dev`: the browser app on Vite, its calls proxied to the API server.
    proxy: { "/portal": `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: "dist",
    // The chunk graph, read by bench/bundle.ts to measure what each route loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The app is an entry of its own (main.tsx imports it only when it is needed): its start-up code is then
      // "initial" for the vendor groups below, which split it as before the light sign-in page existed.
      input: { index: path.resolve("index.html"), app: path.resolve("src/full-app.tsx") },
      // The contracts only declare (no module registers anything as it loads): a page's graph then keeps only the
      // contract modules it uses, and the merchant portal no longer builds the console's schemas as it starts.
      // zod's builders are pure too (`z.string()`), so a schema no one uses goes (scripts/vite-browser-contracts.ts).
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]contracts[\\/]/, sideEffects: false }],
        manualPureFunctions: ["z"],
      },
      output: {
        codeSplitting: {
          // React is in both start-ups (the light sign-in page and the app): one chunk of its own, cached across them.
          // The other vendor groups take start-up code only ($initial): otherwise they drag lazy-only code along.
          groups: [
            // The app's texts, one chunk per language (src/lib/catalogs.ts). The sign-in page's four namespaces
            // stay small chunks of their own, so /login loads only those; the console's texts are the console's.
            {
              debugName: "locale",
              name: (id) => `locale-${/locales[\\/]([^\\/]+)[\\/]/.exec(id)?.[1] ?? "other"}`,
              test: /locales[\\/][^\\/]+[\\/](?!(login|common|errors|validation|console(-[^\\/]+)?)\.json$)[^\\/]+\.json$/,
              priority: 40,
            },
            // The console's texts (console.json and one file per area): one chunk per language, the console's only.
            {
              debugName: "console-locale",
              name: (id) => `console-locale-${/locales[\\/]([^\\/]+)[\\/]/.exec(id)?.[1] ?? "other"}`,
              test: /locales[\\/][^\\/]+[\\/]console(-[^\\/]+)?\.json$/,
              priority: 40,
            },
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: "i18next", test: /node_modules[\\/]i18next[\\/]/, priority: 25 },
            {
              name: "antd",
              test: /node_modules[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component)[\\/]/,
              priority: 20,
              tags: ["$initial"],
            },
            { name: "refine", test: /node_modules[\\/]@refinedev[\\/]/, priority: 10, tags: ["$initial"] },
          ],
        },
      },
    },
  },
  test: {
    sequence: { sequencer: ProjectsInTurnLongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["tests/support/unit-setup.ts"],
          server: { deps: { inline: [/@refinedev\//] } },
          // No module mocks, so files share one module graph and one DOM per worker: 37 s -> 5 s.
          isolate: false,
          maxWorkers: testWorkers,
        },
      },
      {
        // Server code without the server: no DOM to set up. `gc` lets memory tests measure live memory, not garbage.
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          execArgv: ["--expose-gc"],
          // Server modules keep no state of their own (app-deps.ts), so files may share one module graph.
          isolate: false,
          maxWorkers: testWorkers,
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          // Each file builds its own container and database, and server modules keep no state of their own
          // (app-deps.ts): files share one module graph per worker instead of importing the server again each
          // time, which halves the run (235 s -> 100 s on two cores, PGlite).
          isolate: false,
          // One migrated database per engine per run; each file copies it (tests/support/test-db.ts).
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One pool with the unit and server projects (testWorkers): each file opens its own database, so on two
          // cores more workers than two only thrash.
          maxWorkers: testWorkers,
        },
      },
      {
        // The product as separate processes (crash recovery of the real server, the operator CLI, the Open API
        // example clients): seconds per process start, so out of the everyday loop; CI runs them.
        test: {
          name: "processes",
          include: ["tests/process/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts", "tests/support/server-build-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
        },
      },
      {
        // The README's "Add a resource" on a copy of the tree: slow (it typechecks and runs tests), so CI runs it
        // on its own (`npm run test:walkthrough`).
        test: {
          name: "walkthrough",
          include: ["tests/walkthrough/**/*.test.ts"],
          environment: "node",
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          retry: 0,
        },
      },
    ],
  },
});
