import { execFileSync, execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The README's "Add a resource", done for real: a copy of this working tree gets the example areas
 * (tests/fixtures/add-a-resource: the portal's refund requests, list + show + create for finance, and the
 * console's refunds, where staff decide them) and nothing else by hand. npm's own steps write the rest; then the
 * copy typechecks and every unit, server and API test passes, the areas' own among them.
 */
const root = path.resolve(import.meta.dirname, "../..");
const fixture = path.join(root, "tests/fixtures/add-a-resource");

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
const hashes = (dir: string, files: string[]) =>
  new Map(
    files.map((f) => [
      f,
      createHash("sha256")
        .update(readFileSync(path.join(dir, f)))
        .digest("hex"),
    ]),
  );
/** The working tree's files as git sees them (tracked, plus new files not ignored). */
const treeFiles = () =>
  execSync("git ls-files -z --cached --others --exclude-standard", { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((f) => f && !f.startsWith("tests/fixtures/add-a-resource/") && existsSync(path.join(root, f)));

/** The embedded database only: `npm test` in CI already runs every API test on PostgreSQL as well. */
const { DATABASE_URL: _postgres, ...inherited } = process.env;
const copyEnv = { ...inherited, CI: "true", NO_COLOR: "1" };

describe("adding a resource (README, Add a resource)", () => {
  let copy: string;
  let before: Map<string, string>;
  const run = (command: string, args: string[]) =>
    execFileSync(command, args, {
      cwd: copy,
      encoding: "utf8",
      stdio: "pipe",
      env: copyEnv,
    });

  beforeAll(() => {
    copy = mkdtempSync(path.join(tmpdir(), "mp-add-a-resource-"));
    const files = treeFiles();
    for (const f of files) cpSync(path.join(root, f), path.join(copy, f));
    symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
    before = hashes(copy, files);
    cpSync(fixture, copy, { recursive: true });
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it("touches only the area's own files by hand; npm's steps write the rest", () => {
    run("node", ["scripts/write-indexes.mjs"]);
    run("npx", ["drizzle-kit", "generate", "--name", "refund_request"]);
    const after = hashes(
      copy,
      filesUnder(copy).filter((f) => !f.startsWith("node_modules")),
    );
    const changed = [...after.keys()].filter((f) => before.get(f) !== after.get(f));
    const byHand = filesUnder(fixture);
    const generated = changed.filter((f) => !byHand.includes(f));
    expect(byHand).toEqual([
      "contracts/console-refunds.ts",
      "contracts/refund-request.ts",
      "locales/en-US/console-refunds.json",
      "locales/en-US/refund-request.json",
      "locales/zh-CN/console-refunds.json",
      "locales/zh-CN/refund-request.json",
      "server/src/modules/console-refunds/console-refunds.routes.ts",
      "server/src/modules/console-refunds/console-refunds.service.ts",
      "server/src/modules/console-refunds/index.ts",
      "server/src/modules/refund-request/index.ts",
      "server/src/modules/refund-request/refund-request.routes.ts",
      "server/src/modules/refund-request/refund-request.schema.ts",
      "server/src/modules/refund-request/refund-request.service.ts",
      "src/console/pages/refunds/refunds-page.tsx",
      "src/pages/refund-request/refund-request-icon.tsx",
      "src/pages/refund-request/refund-request-list-page.tsx",
      "tests/api/console-refunds.test.ts",
      "tests/api/refund-request.test.ts",
    ]);
    // The three contract indexes, the list of server modules, and the migration drizzle-kit wrote (its SQL,
    // snapshot and journal).
    expect(generated.sort()).toEqual([
      "contracts/areas.ts",
      "contracts/console-areas.ts",
      "contracts/index.ts",
      expect.stringMatching(/^server\/src\/db\/migrations\/\d{4}_refund_request\.sql$/),
      expect.stringMatching(/^server\/src\/db\/migrations\/meta\/\d{4}_snapshot\.json$/),
      "server/src/db/migrations/meta/_journal.json",
      "server/src/modules/all-modules.ts",
    ]);
    const migration = generated.find((f) => f.endsWith("_refund_request.sql"))!;
    expect(readFileSync(path.join(copy, migration), "utf8")).toContain('CREATE TABLE "refund_requests"');
  });

  it("typechecks, server and browser", () => {
    run("npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]);
    run("npx", ["tsc", "--noEmit", "-p", "tsconfig.web.json"]);
  });

  // Nothing else is edited: each role's menu, the permission matrix, the console's permissions and the parts'
  // names all follow from the declarations, so every test of the tree passes with the two areas in it.
  it("passes every unit, server and API test, the areas' own among them", () => {
    const output = run("npx", ["vitest", "run", "--project", "unit", "--project", "server", "--project", "api"]);
    // The summary lines (a test's own name may well say "failed"); vitest also exits non-zero on a failure.
    expect(output).not.toMatch(/(Test Files|Tests)\s+\d+ failed/);
    expect(output).toMatch(/Test Files\s+\d+ passed/);
    expect(output).toMatch(/console-refunds\.test\.ts/);
    expect(output).toMatch(/refund-request\.test\.ts/);
  });
});
