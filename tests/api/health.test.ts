import { mkdtempSync, writeFileSync } from "node:fs";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeTestApp } from "../support/api-helpers";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

describe.each(engines)("health and unknown calls on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => closeTestApp(t));

  it("reports the database as up", async () => {
    const res = await t.app.inject({ method: "GET", url: "/portal/health", headers: { "accept-language": "en-US" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      message: "Operation successful",
      data: {
        status: "ok",
        database: { engine, status: "up" },
        storage: { status: "writable" },
        load: { status: "ok" },
      },
    });
  });

  it("answers unknown /portal paths with a 404 envelope in the caller's language", async () => {
    const zh = await t.app.inject({ method: "GET", url: "/portal/merchant/api/nothing" });
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({ code: 404, message: "不存在的接口：GET /portal/merchant/api/nothing", data: null });
    const en = await t.app.inject({
      method: "DELETE",
      url: "/portal/x?y=1",
      headers: { "accept-language": "en-GB,en;q=0.9" },
    });
    expect(en.json()).toEqual({ code: 404, message: "No such call: DELETE /portal/x", data: null });
  });

  it("reports a database that is gone with 503 and status degraded", async () => {
    const gone = await startTestApp(engine);
    await gone.database.close();
    try {
      for (const [lang, message] of [
        ["en-US", "The database is not available"],
        ["zh-CN", "数据库不可用"],
      ]) {
        const res = await gone.app.inject({
          method: "GET",
          url: "/portal/health",
          headers: { "accept-language": lang! },
        });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          code: 503,
          message,
          data: {
            status: "degraded",
            database: { engine, status: "down", latencyMs: null },
            storage: {
              status: "writable",
              folders: (engine === "pglite" ? ["data", "files", "exports"] : ["files", "exports"]).map((role) => ({
                role,
                status: "writable",
              })),
            },
            load: { status: "ok" },
          },
        });
      }
    } finally {
      await gone.app.close();
    }
  });
});

describe.skipIf(!engines.includes("postgres"))("the PostgreSQL pool", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("postgres");
  });
  afterAll(() => closeTestApp(t));

  it("keeps serving after PostgreSQL ends its idle connections", async () => {
    expect((await t.app.inject({ method: "GET", url: "/portal/health" })).statusCode).toBe(200);
    const result = await t.deps.db.execute(sql`select current_database() as name`);
    const name = (result as unknown as { rows: { name: string }[] }).rows[0]!.name;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await t.app.inject({ method: "GET", url: "/portal/health" })).statusCode).toBe(200);
  });
});

describe("health under faults, overload and slow clients", () => {
  it("says degraded (503) when the data folder cannot be written, e.g. a full or read-only disk", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "mp-health-")), "not-a-folder");
    writeFileSync(file, "");
    // A folder under a file cannot be made, whoever runs the test (root ignores read-only modes).
    const t = await startTestApp("pglite", { config: { DATA_DIR: path.join(file, "data") } });
    try {
      for (const [lang, message] of [
        ["en-US", "The data folder cannot be written (full or read-only disk)"],
        ["zh-CN", "数据目录无法写入（磁盘已满或只读）"],
      ] as const) {
        const res = await t.app.inject({ method: "GET", url: "/portal/health", headers: { "accept-language": lang } });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          code: 503,
          message,
          data: { status: "degraded", storage: { status: "unwritable" } },
        });
      }
    } finally {
      await closeTestApp(t);
    }
  });

  it("sheds load with a quick translated 503 and Retry-After while overloaded, and health says so", async () => {
    // A heap ceiling of 1 byte: the server is "overloaded" from its first memory sample on.
    const t = await startTestApp("pglite", { config: { OVERLOAD_MAX_HEAP_BYTES: "1" } });
    try {
      await t.app.ready();
      await vi.waitFor(() => expect(t.app.isUnderPressure()).toBe(true), { timeout: 10_000 });
      const res = await t.app.inject({
        method: "GET",
        url: "/portal/merchant/api/public/config",
        headers: { "accept-language": "en-US" },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("10");
      expect(res.json()).toEqual({
        code: 503,
        message: "The server is busy; please try again in a few seconds",
        data: null,
      });
      const openApi = await t.app.inject({ method: "GET", url: "/openapi/v1/balance" });
      expect(openApi.statusCode).toBe(503);
      expect(openApi.json().data).toEqual({
        errorCode: "OVERLOADED",
        errorDocs: "/portal/reference/open-api#error-OVERLOADED",
      });
      const health = await t.app.inject({
        method: "GET",
        url: "/portal/health",
        headers: { "accept-language": "zh-CN" },
      });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({
        message: "服务器繁忙，请几秒后再试",
        data: { status: "degraded", load: { status: "overloaded" } },
      });
    } finally {
      await closeTestApp(t);
    }
  });

  it("closes the connection of a client that stalls in the middle of its request", async () => {
    const t = await startTestApp("pglite", { config: { CONNECTION_TIMEOUT_MS: "300", REQUEST_TIMEOUT_MS: "300" } });
    try {
      await t.app.listen({ host: "127.0.0.1", port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const socket = connect(port, "127.0.0.1");
      const closed = new Promise<string>((resolve) => {
        let answer = "";
        socket.on("data", (chunk) => {
          answer += chunk.toString();
        });
        socket.on("close", () => resolve(answer));
      });
      // Headers begun, never finished: the slowloris pattern.
      socket.write("GET /portal/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
      const answer = await Promise.race([
        closed,
        new Promise<string>((r) => setTimeout(() => r("still open"), 15_000)),
      ]);
      expect(answer).not.toBe("still open");
      expect(answer).not.toMatch(/200 OK/);
      socket.destroy();
    } finally {
      await closeTestApp(t);
    }
  });
});
