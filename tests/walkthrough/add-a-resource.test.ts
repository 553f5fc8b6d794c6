import { execFileSync, execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The README's "Add a resource", done for real: a copy of this working tree gets the example area
 * (tests/fixtures/add-a-resource: refund requests, list + show + create for finance) and nothing else by hand.
 * npm's own steps write the rest; then the copy typechecks, and its area, route, menu and API tests pass.
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

describe("adding a resource (README, Add a resource)", () => {
  let copy: string;
  let before: Map<string, string>;
  const run = (command: string, args: string[]) =>
    execFileSync(command, args, {
      cwd: copy,
      encoding: "utf8",
      stdio: "pipe",
      env: { ...process.env, CI: "true", NO_COLOR: "1" },
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
      "contracts/refund-request.ts",
      "locales/en-US/refund-request.json",
      "locales/zh-CN/refund-request.json",
      "server/src/modules/refund-request/index.ts",
      "server/src/modules/refund-request/refund-request.routes.ts",
      "server/src/modules/refund-request/refund-request.schema.ts",
      "server/src/modules/refund-request/refund-request.service.ts",
      "src/pages/refund-request/refund-request-icon.tsx",
      "src/pages/refund-request/refund-request-list-page.tsx",
      "tests/api/refund-request.test.ts",
    ]);
    // The two contract indexes, the list of server modules, and the migration drizzle-kit wrote (its SQL,
    // snapshot and journal).
    expect(generated.sort()).toEqual([
      "contracts/areas.ts",
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

  // The menu tests pin today's menus (the spec's), so they are not run here; the area's own test checks its entry.
  it("is a whole area: contract, module, page, words, routes, served calls, menu and its own API test", () => {
    const tests = [
      "tests/server/areas.test.ts",
      "tests/unit/routes.test.ts",
      "tests/unit/locale-parity.test.ts",
      "tests/unit/calls.test.ts",
      "tests/api/calls-served.test.ts",
      "tests/api/refund-request.test.ts",
      // Each role's menu and the permission matrix follow the declarations: a new area edits neither test.
      "tests/unit/menus.test.ts",
      "tests/server/permissions.test.ts",
    ];
    const output = run("npx", [
      "vitest",
      "run",
      "--project",
      "unit",
      "--project",
      "server",
      "--project",
      "api",
      ...tests,
    ]);
    expect(output).toMatch(/Test Files\s+8 passed \(8\)/);
    expect(output).toMatch(/refund-request/);
  });
});
