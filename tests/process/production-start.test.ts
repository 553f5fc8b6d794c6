import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, demoShop, waitUntilNoneProcessing } from "../support/server-api";
import { freePort, type Server, sleep, spawnEntry, stopServer } from "../support/server-process";
import { engines, scratchPostgres } from "../support/test-db";

/**
 * The production start as an operations team runs it: the repository with its build (dist-server/), installed with
 * `npm ci --omit=dev` (no tsx, no TypeScript, no esbuild), the server, the worker and the operator CLI run by plain
 * node. Node is the checkout's own (the pinned `node` dev dependency), standing for the machine's Node 24.
 */

const key = Buffer.alloc(32, 9).toString("base64");
let release: string;

beforeAll(() => {
  release = mkdtempSync(path.join(tmpdir(), "mp-release-"));
  const tracked = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { encoding: "utf8" })
    .split("\0")
    .filter((file) => file && existsSync(file));
  for (const file of tracked) {
    mkdirSync(path.join(release, path.dirname(file)), { recursive: true });
    cpSync(file, path.join(release, file));
  }
  cpSync("dist-server", path.join(release, "dist-server"), { recursive: true });
  // From npm's cache, which the checkout's own install filled: no registry needed, as on a build machine.
  const install = spawnSync("npm", ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"], {
    cwd: release,
    encoding: "utf8",
  });
  expect(install.status, install.stderr).toBe(0);
}, 600_000);

afterAll(() => rmSync(release, { recursive: true, force: true }));

/** `node dist-server/<part>.js` in the pruned release, in production. */
function releaseEnv(env: Record<string, string>) {
  return { ...env, NODE_ENV: "production", ENCRYPTION_KEY: key };
}

function spawnRelease(part: "main" | "worker", env: Record<string, string>, port = 0): Server {
  const previous = process.cwd();
  process.chdir(release);
  try {
    return spawnEntry(part, releaseEnv(env), port);
  } finally {
    process.chdir(previous);
  }
}

async function untilHealthy(server: Server) {
  const started = Date.now();
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`exited ${server.child.exitCode}:\n${server.output()}`);
    if (
      await fetch(`${server.url}/portal/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (Date.now() - started > 90_000) throw new Error(`not healthy:\n${server.output()}`);
    await sleep(100);
  }
}

const ops = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ["dist-server/ops.js", ...args], {
    cwd: release,
    env: { ...process.env, ...releaseEnv(env), OPERATOR_NAME: "release-tester" },
    encoding: "utf8",
    timeout: 120_000,
  });

describe("the production start from a pruned install", () => {
  it("has no development tools installed", () => {
    // (typescript itself may be there: i18next names it as an optional peer, and npm keeps peers; nothing loads it.)
    for (const tool of ["tsx", "esbuild", "vite", "vitest", "drizzle-kit"])
      expect(existsSync(path.join(release, "node_modules", tool)), tool).toBe(false);
    expect(existsSync(path.join(release, "node_modules", "fastify"))).toBe(true);
  });

  describe.each(engines)("on %s", (engine) => {
    let env: Record<string, string>;
    let drop = async () => {};
    const dataDir = () => env.DATA_DIR as string;

    beforeAll(async () => {
      env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "mp-release-data-")), DATABASE_URL: "" };
      if (engine === "postgres") {
        const scratch = await scratchPostgres("mp_release");
        env.DATABASE_URL = scratch.url;
        drop = scratch.drop;
      }
    });
    afterAll(async () => {
      await drop();
      rmSync(dataDir(), { recursive: true, force: true });
    });

    it("serves, fulfils orders, and runs the operator CLI, with plain node", async () => {
      // Production never seeds demo data by itself; the operator asks for it.
      const seeded = ops(env, "seed:demo");
      expect(seeded.status, seeded.stderr + seeded.stdout).toBe(0);

      const server = spawnRelease("main", env, await freePort());
      try {
        await untilHealthy(server);
        const shop = await demoShop(server);
        await api(server, "POST", "/merchant/api/order", shop.token, {
          productId: shop.productId,
          skuId: shop.skuId,
          merchantOrderNo: `release-${engine}`,
          inputs: { account: "13800138000" },
        });
        await waitUntilNoneProcessing(server, shop);
        // While the server holds the embedded database, the CLI's command runs in it (the ops socket).
        const listed = ops(env, "merchant:list");
        expect(listed.status, listed.stderr).toBe(0);
        expect(listed.stdout).toContain("M1");
      } finally {
        expect(await stopServer(server, "SIGTERM")).toBe(0);
      }
      expect(server.output()).not.toMatch(/tsx|ERR_UNKNOWN_FILE_EXTENSION|Cannot find module/);
    });

    it.runIf(engine === "postgres")("runs a separate worker process", async () => {
      const worker = spawnRelease("worker", env);
      await sleep(3000);
      expect(worker.child.exitCode, worker.output()).toBeNull();
      expect(await stopServer(worker, "SIGTERM")).toBe(0);
    });
  });
});
