import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, closeTestApp, expectOk, LOGIN } from "../support/api-helpers";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

const ASSET = "/assets/app-3f9a1c.js";
const SCRIPT = `console.log(${JSON.stringify("x".repeat(4000))});\n`;

/** A built app in miniature: index.html plus one content-hashed asset with its brotli and gzip copies. */
function webRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), "mp-web-"));
  mkdirSync(path.join(root, "assets"));
  const index = `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body>${"<!-- -->".repeat(200)}</body></html>`;
  for (const [file, body] of [
    ["index.html", index],
    [ASSET, SCRIPT],
  ] as const) {
    const full = path.join(root, file);
    writeFileSync(full, body);
    writeFileSync(`${full}.br`, brotliCompressSync(body));
    writeFileSync(`${full}.gz`, gzipSync(body));
  }
  return root;
}

describe.each(engines)("HTTP safety on %s", (engine) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = webRoot();
    t = await startTestApp(engine, { webRoot: root });
  });
  afterAll(async () => {
    await closeTestApp(t);
    rmSync(root, { recursive: true, force: true });
  });

  it("sends the security headers on every kind of answer: page, asset, API, Open API, 404", async () => {
    for (const url of ["/login", ASSET, "/portal/merchant/api/public/config", "/openapi/v1/balance", "/nope.js"]) {
      const res = await call(t, "GET", url);
      const csp = String(res.headers["content-security-policy"]);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toMatch(/script-src 'self'(;|$)/);
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["referrer-policy"], url).toBe("no-referrer");
      expect(res.headers["x-frame-options"], url).toBe("SAMEORIGIN");
      // Plain http unless configured otherwise: no HSTS, no upgrade of requests.
      expect(res.headers["strict-transport-security"], url).toBeUndefined();
      expect(csp, url).not.toContain("upgrade-insecure-requests");
    }
  });

  it("never lets a cache keep an API answer: sessions, secrets and codes are no-store", async () => {
    const m = await t.merchant();
    const login = await call(t, "POST", LOGIN, {
      payload: {
        username: m.users.admin.username,
        password: "Passw0rd!test",
        captcha: await t.code(m.users.admin.username),
      },
    });
    expect(login.headers["cache-control"]).toBe("no-store");
    const token = `Bearer ${expectOk<{ token: string }>(login).token}`;
    const secret = await call(t, "POST", "/portal/merchant/api/app/secret", {
      token,
      stepUp: m.users.admin.username,
    });
    expect(secret.headers["cache-control"]).toBe("no-store");
    const failed = await call(t, "GET", "/portal/merchant/api/logged/info");
    expect(failed.statusCode).toBe(401);
    expect(failed.headers["cache-control"]).toBe("no-store");
    expect((await call(t, "GET", "/openapi/v1/balance")).headers["cache-control"]).toBe("no-store");
  });

  it("serves the built files compressed (brotli, then gzip), hashed assets cached for good, index.html revalidated", async () => {
    const br = await call(t, "GET", ASSET, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gz = await call(t, "GET", ASSET, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await call(t, "GET", ASSET, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    for (const url of ["/login", "/merchant/order/list"]) {
      const page = await call(t, "GET", url, { headers: { "accept-encoding": "br" } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers["content-encoding"], url).toBe("br");
      expect(page.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toContain(ASSET);
    }
  });

  it("answers HEAD wherever GET answers: pages, assets, API reads", async () => {
    for (const url of [
      "/",
      "/login",
      "/merchant/order/list",
      ASSET,
      "/portal/merchant/api/public/config",
      "/portal/health",
    ]) {
      const get = await call(t, "GET", url);
      const head = await call(t, "HEAD", url);
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.body, url).toBe("");
      expect(head.headers["content-type"], url).toBe(get.headers["content-type"]);
    }
  });
});

describe("HTTP safety when configured", () => {
  it("adds HSTS and upgrade-insecure-requests behind TLS, and the chat widget's host only when one is set", async () => {
    const t = await startTestApp("pglite", {
      config: { HSTS_MAX_AGE: "31536000", CHAT_WIDGET_SCRIPT_URL: "https://chat.example.com/widget.js" },
    });
    try {
      const res = await call(t, "GET", "/portal/merchant/api/public/config");
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("upgrade-insecure-requests");
      expect(csp).toMatch(/script-src 'self' https:\/\/chat\.example\.com(;|$)/);
      expect(csp).toMatch(/connect-src 'self' https:\/\/chat\.example\.com wss:\/\/chat\.example\.com(;|$)/);
    } finally {
      await closeTestApp(t);
    }
  });
});
