import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
      data: { status: "ok", database: { engine, status: "up" } },
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
          data: { status: "degraded", database: { engine, status: "down", latencyMs: null } },
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
