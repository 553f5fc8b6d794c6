import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiApp, ApiSecret } from "#contracts";
import { totpCode } from "../../server/src/modules/auth/totp";
import { api, shopOf, signIn } from "../support/server-api";
import { type Server, startServer, stopServer } from "../support/server-process";

const run = promisify(execFile);
const CLIENT = path.resolve("clients/typescript");

/**
 * The Node the package promises to run on (`engines`: >=20). npm scripts here run the repository's own Node (24),
 * so the script below is run with a Node 20 found on the machine, by its path.
 */
function node20(): string | null {
  for (const candidate of ["/usr/bin/node", "/usr/local/bin/node"]) {
    try {
      if (execFileSync(candidate, ["--version"], { encoding: "utf8" }).startsWith("v20.")) return candidate;
    } catch {
      // not there
    }
  }
  return null;
}
const NODE_20 = node20();
if (!NODE_20) console.warn("client-package.test.ts skipped: no Node 20 at /usr/bin/node or /usr/local/bin/node");

/** What a merchant's developer writes after `npm install`: the package by its name, nothing from this repository. */
const SCRIPT = `
import { createOpenApiClient, verifyPlatformSignature } from "@merchant-portal/open-api-client";

const env = process.env;
const api = createOpenApiClient({
  baseUrl: env.BASE_URL,
  appId: env.APP_ID,
  key: { secret: env.SECRET },
  platformKeys: { [env.KEY_SERIAL]: env.PLATFORM_KEY },
  retryDelayMs: 50,
});
const order = { productId: Number(env.PRODUCT_ID), skuId: Number(env.SKU_ID), merchantOrderNo: "PKG-1",
  inputs: { account: "13800138000" } };
const placed = await api.placeOrder(order);
const again = await api.placeOrder(order);
let read = await api.order("PKG-1");
for (let i = 0; i < 40 && read.status === "processing"; i++) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  read = await api.order("PKG-1");
}
const balance = await api.balance();
// The trust store is the one given: nothing rotated here.
const keys = Object.keys(api.platformKeys());
console.log(JSON.stringify({ node: process.version, placed, again, read, balance, keys,
  exported: typeof verifyPlatformSignature }));
`;

describe.skipIf(!NODE_20)("the TypeScript client as an npm package, on Node 20", () => {
  let server: Server;
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: tempDir("mp-client-package-"), DATABASE_URL: "", SIMULATOR_DELAY_MS: "0" });
  });
  afterAll(async () => {
    if (server) await stopServer(server, "SIGTERM");
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("packs, installs offline with no dependencies, and places a signed sandbox order read back verified", async () => {
    // npm pack builds first (prepack): the tarball carries dist/ with its types, and nothing of src/.
    const packed = tempDir("mp-client-tarball-");
    const { stdout: packJson } = await run("npm", ["pack", "--json", "--pack-destination", packed], { cwd: CLIENT });
    const [info] = JSON.parse(packJson.slice(packJson.indexOf("["))) as {
      filename: string;
      files: { path: string }[];
    }[];
    const files = info!.files.map((f) => f.path).sort();
    expect(files).toEqual(
      expect.arrayContaining(["LICENSE", "README.md", "dist/index.d.ts", "dist/index.js", "package.json"]),
    );
    expect(files.filter((f) => f.startsWith("src/") || (f.endsWith(".ts") && !f.endsWith(".d.ts")))).toEqual([]);
    const tarball = path.join(packed, readdirSync(packed).find((f) => f.endsWith(".tgz"))!);

    // An empty project; --offline: with no dependencies there is nothing to fetch.
    const project = tempDir("mp-client-project-");
    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "shop", private: true, type: "module" }));
    await run("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], { cwd: project });
    // The package alone: it has no dependencies of its own.
    const installed = readdirSync(path.join(project, "node_modules")).filter((name) => !name.startsWith("."));
    expect(installed).toEqual(["@merchant-portal"]);
    writeFileSync(path.join(project, "place-order.mjs"), SCRIPT);

    // The demo merchant's admin sets the sandbox up in API Settings: its AppID, platform key and a new secret.
    const admin = await signIn(server, "admin@demo.test");
    const sandbox = await api<ApiApp>(server, "GET", "/merchant/api/app?environment=sandbox", admin.token);
    const res = await fetch(`${server.url}/portal/merchant/api/app/secret?environment=sandbox`, {
      method: "POST",
      // The next step's code (one step of drift is accepted): the current one was spent binding MFA.
      headers: { authorization: admin.token, "x-mfa-code": totpCode(admin.mfaKey, new Date(Date.now() + 30_000)) },
    });
    const answer = (await res.json()) as { code: number; data: ApiSecret };
    expect(answer, JSON.stringify(answer)).toMatchObject({ code: 200 });
    const secret = answer.data;
    const shop = await shopOf(server, admin.token);

    const { stdout } = await run(NODE_20!, ["place-order.mjs"], {
      cwd: project,
      timeout: 30_000,
      env: {
        PATH: process.env.PATH ?? "",
        BASE_URL: server.url,
        APP_ID: sandbox.appId,
        SECRET: secret.secret,
        KEY_SERIAL: String(sandbox.platformKeySerial),
        PLATFORM_KEY: sandbox.platformPublicKey,
        PRODUCT_ID: String(shop.productId),
        SKU_ID: String(shop.skuId),
      },
    });
    const out = JSON.parse(stdout);
    expect(out.node).toMatch(/^v20\./);
    expect(out.placed).toMatchObject({ merchantOrderNo: "PKG-1", status: "processing", source: "api" });
    // The repeat answers the same order (idempotent by merchantOrderNo), and the simulator completes it.
    expect(out.again.orderNo).toBe(out.placed.orderNo);
    expect(out.read).toMatchObject({ orderNo: out.placed.orderNo, status: "success" });
    expect(out.balance.merchantNo).toMatch(/-SANDBOX$/);
    expect(Number(out.balance.balance)).toBeCloseTo(10_000 - Number(out.placed.amount), 4);
    expect(out.keys).toEqual([String(sandbox.platformKeySerial)]);
    expect(out.exported).toBe("function");
  }, 60_000);
});
