import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/src/config";
import { merchantApps } from "../../server/src/db/schema";
import { rotatePlatformKey } from "../../server/src/modules/api-settings/api-settings.service";
import { closeTestApp } from "../support/api-helpers";
import { type OpenApiClient, openApiClient } from "../support/open-api";
import { balanceOf, openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";

const run = promisify(execFile);
const EXAMPLES = path.resolve("docs/examples/open-api");

function available(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const hasPython = available("python3", ["-c", "import cryptography"]);
const hasCurl = available("curl", ["--version"]) && available("openssl", ["version"]);

/** The runnable examples of docs/open-api.md, run as a merchant's developer would, against the real server. */
describe("Open API examples in docs/", () => {
  let t: TestApp;
  let shop: Shop;
  let baseUrl: string;
  let dir: string;
  const env = (client: OpenApiClient, rsa = false): NodeJS.ProcessEnv => {
    const keyFile = path.join(dir, "merchant.pem");
    if (client.key.type === "RSA2") writeFileSync(keyFile, client.key.privateKey);
    const platformFile = path.join(dir, `platform-${client.appId}.pem`);
    writeFileSync(platformFile, client.platformPublicKey);
    return {
      ...process.env,
      OPENAPI_BASE_URL: baseUrl,
      OPENAPI_APP_ID: client.appId,
      OPENAPI_PLATFORM_PUBLIC_KEY_FILE: platformFile,
      ...(client.key.type === "HMAC" && !rsa
        ? { OPENAPI_SECRET: client.key.secret }
        : { OPENAPI_PRIVATE_KEY_FILE: keyFile }),
    };
  };

  /** An admin of the shop rotates its platform key (API Settings). */
  const rotate = (other: Shop) => {
    const admin = other.merchant.users.admin;
    return rotatePlatformKey(
      t.deps,
      {
        sessionId: 0,
        userId: admin.id,
        merchantId: other.merchantId,
        role: "admin",
        username: admin.username,
        mfaBound: true,
        client: { ip: "127.0.0.1", userAgent: "test" },
      },
      other.merchantId,
    );
  };

  beforeAll(async () => {
    t = await startTestApp("pglite");
    // The examples sign with the real time.
    t.clock.set(new Date());
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === "string") throw new Error("no TCP address");
    baseUrl = `http://127.0.0.1:${address.port}`;
    shop = await openShop(t, { balance: "100" });
    dir = mkdtempSync(path.join(tmpdir(), "openapi-examples-"));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await closeTestApp(t);
  });

  it("Node (HMAC): balance, products, an order placed twice and read back, answers verified", async () => {
    const client = await openApiClient(t, shop.merchantId);
    const args = [
      path.join(EXAMPLES, "client.mjs"),
      String(shop.topup.productId),
      String(shop.topup.skuId),
      "13800138000",
    ];
    const { stdout } = await run(process.execPath, args, { env: env(client) });
    expect(stdout).toContain("balance 100.0000 USD");
    expect(stdout).toMatch(new RegExp(`product ${shop.topup.productId} sku ${shop.topup.skuId} .* 10\\.0000`));
    const placed = /placed (\S+) processing/.exec(stdout)?.[1];
    expect(placed).toBeTruthy();
    expect(stdout).toContain(`repeated ${placed}`);
    expect(stdout).toContain(`read ${placed} processing version 1`);
    expect(await balanceOf(t, shop.merchantId)).toBe("90.0000");
  });

  it("Node (RSA2): the same client signs with the merchant's private key", async () => {
    const other = await openShop(t, { balance: "50" });
    const client = await openApiClient(t, other.merchantId, { keyType: "RSA2" });
    const { stdout } = await run(process.execPath, [path.join(EXAMPLES, "client.mjs")], { env: env(client) });
    expect(stdout).toContain("balance 50.0000 USD");
  });

  it("Node: a wrong secret fails with the error code", async () => {
    const client = await openApiClient(t, shop.merchantId);
    const wrong = { ...env(client), OPENAPI_SECRET: "wrong" };
    await expect(run(process.execPath, [path.join(EXAMPLES, "client.mjs")], { env: wrong })).rejects.toMatchObject({
      stderr: expect.stringContaining("INVALID_SIGNATURE"),
    });
  });

  it("Node: fails closed on an answer that is unsigned or signed by a platform key it does not know", async () => {
    const client = await openApiClient(t, shop.merchantId);
    const stranger = { ...env(client), OPENAPI_APP_ID: "app_0000000000000000" };
    await expect(run(process.execPath, [path.join(EXAMPLES, "client.mjs")], { env: stranger })).rejects.toMatchObject({
      stderr: expect.stringContaining("not signed by a platform key you trust (X-Key-Serial none)"),
    });
    // After a platform-key rotation answers come under the next serial, signed by the previous key too for a day:
    // the example verifies them with the key it has, and says which key to install.
    const other = await openShop(t, { balance: "5" });
    const rotated = await openApiClient(t, other.merchantId);
    const { platformKeySerial, platformPublicKey } = await rotate(other);
    const during = await run(process.execPath, [path.join(EXAMPLES, "client.mjs")], { env: env(rotated) });
    expect(during.stdout).toContain("balance 5.0000 USD");
    expect(during.stderr).toContain(`the platform now signs with key ${platformKeySerial}`);
    // Once the overlap is over (this clock cannot jump a day: the example signs with the real time), only the new
    // key signs: refused until it is configured.
    await t.deps.db
      .update(merchantApps)
      .set({ previousPlatformKeyUntil: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(merchantApps.merchantId, other.merchantId));
    await expect(
      run(process.execPath, [path.join(EXAMPLES, "client.mjs")], { env: env(rotated) }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining(`X-Key-Serial ${platformKeySerial}`) });
    const updated = { ...rotated, platformPublicKey };
    const { stdout } = await run(process.execPath, [path.join(EXAMPLES, "client.mjs")], {
      env: { ...env(updated), OPENAPI_PLATFORM_KEY_SERIAL: String(platformKeySerial) },
    });
    expect(stdout).toContain("balance 5.0000 USD");
  });

  it.skipIf(!hasPython || !hasCurl)(
    "Python and curl verify with the previous key during a rotation's overlap",
    async () => {
      const other = await openShop(t, { balance: "7" });
      const rotated = await openApiClient(t, other.merchantId);
      const { platformKeySerial } = await rotate(other);
      const python = await run("python3", [path.join(EXAMPLES, "client.py")], { env: env(rotated) });
      expect(python.stdout).toContain("balance 7.0000 USD");
      expect(python.stderr).toContain(`the platform now signs with key ${platformKeySerial}`);
      const curl = await run("bash", [path.join(EXAMPLES, "sign.sh"), "GET", "/openapi/v1/balance"], {
        env: env(rotated),
      });
      expect(JSON.parse(curl.stdout)).toMatchObject({ code: 200, data: { balance: "7.0000" } });
      expect(curl.stderr).toContain(`install key ${platformKeySerial}`);
    },
  );

  it("default to the server's own port", () => {
    const port = loadConfig({ DATA_DIR: dir }).PORT;
    for (const file of ["client.mjs", "client.py", "sign.sh"]) {
      const source = readFileSync(path.join(EXAMPLES, file), "utf8");
      expect(source, file).toContain(`127.0.0.1:${port}`);
      expect(source, file).not.toMatch(/127\.0\.0\.1:(?!8080)\d+/);
    }
  });

  it.skipIf(!hasPython)("Python (HMAC and RSA2)", async () => {
    const client = await openApiClient(t, shop.merchantId);
    const args = [
      path.join(EXAMPLES, "client.py"),
      String(shop.topup.productId),
      String(shop.topup.skuId),
      "13800138001",
    ];
    const { stdout } = await run("python3", args, { env: env(client) });
    expect(stdout).toMatch(/placed \S+ processing/);
    const rsa = await openApiClient(t, shop.merchantId, { keyType: "RSA2" });
    const { stdout: second } = await run("python3", [path.join(EXAMPLES, "client.py")], { env: env(rsa, true) });
    expect(second).toMatch(/balance \d+\.\d{4} USD/);
  });

  it.skipIf(!hasCurl)("curl with the signing script (HMAC and RSA2)", async () => {
    const client = await openApiClient(t, shop.merchantId);
    const script = path.join(EXAMPLES, "sign.sh");
    const { stdout } = await run("bash", [script, "GET", "/openapi/v1/balance"], { env: env(client) });
    expect(JSON.parse(stdout)).toMatchObject({ code: 200, data: { currency: "USD" } });
    const body = JSON.stringify({
      productId: shop.topup.productId,
      skuId: shop.topup.skuId,
      merchantOrderNo: "CURL-1",
      inputs: { account: "13800138002" },
    });
    const rsa = await openApiClient(t, shop.merchantId, { keyType: "RSA2" });
    const placed = await run("bash", [script, "POST", "/openapi/v1/orders", body], { env: env(rsa, true) });
    expect(JSON.parse(placed.stdout)).toMatchObject({ code: 200, data: { merchantOrderNo: "CURL-1", source: "api" } });
    // Fails closed: an unsigned refusal (unknown AppID) is not printed as an answer.
    await expect(
      run("bash", [script, "GET", "/openapi/v1/balance"], {
        env: { ...env(client), OPENAPI_APP_ID: "app_0000000000000000" },
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining("not trusted (not signed by platform key 1)") });
  });
});
