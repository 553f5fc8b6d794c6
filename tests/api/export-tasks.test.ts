import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportTasks } from "../../server/src/db/schema";
import { claimExportTask, EXPORTS, runExportsOnce } from "../../server/src/modules/export-task/export-task.worker";
import { housekeeping } from "../../server/src/modules/system/housekeeping";
import {
  call,
  closeTestApp,
  EN,
  EXPORT_LIST,
  expectFailure,
  expectFieldErrors,
  expectOk,
  exportKill,
  exportTaskRow,
  insertExportTask,
  type Lang,
  M,
  ZH,
} from "../support/api-helpers";
import { downloadForm, exportPath, readSheet } from "../support/export-fixtures";
import { fund, openShop, type Shop } from "../support/order-fixtures";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

interface Task {
  id: number;
  type: string;
  format: string;
  status: number;
  processed: number;
  total: number;
  createTime: string;
  finishTime: string | null;
  error: string | null;
}
interface Page {
  total: number;
  list: Task[];
}

describe.each(engines)("export tasks on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => closeTestApp(t));

  const list = async (token: string, query = "") =>
    expectOk<Page>(await call(t, "GET", `${EXPORT_LIST}${query}`, { token }));

  it("answers an empty page to a new user of every role", async () => {
    const m = await t.merchant();
    for (const role of ["admin", "operator", "finance"] as const) {
      const res = await call(t, "GET", `${EXPORT_LIST}?pageNum=1&pageSize=50`, {
        token: await t.login(m.users[role].username),
        lang: EN,
      });
      expect(res.json()).toEqual({ code: 200, message: M.success[EN], data: { total: 0, list: [] } });
    }
  });

  it("lists only the caller's own tasks, newest first (not a colleague's, not another merchant's)", async () => {
    const m = await t.merchant();
    const other = await t.merchant();
    const mine = [
      await insertExportTask(t, m.users.operator.id, { type: "product", status: 2, processed: 10, total: 10 }),
      await insertExportTask(t, m.users.operator.id, { type: "transaction", status: 1, processed: 3, total: 7 }),
    ];
    await insertExportTask(t, m.users.admin.id);
    await insertExportTask(t, other.users.operator.id);

    const page = await list(await t.login(m.users.operator.username));
    expect(page).toEqual({
      total: 2,
      list: [...mine].reverse().map((task) => ({
        id: task.id,
        type: task.type,
        format: "xlsx",
        status: task.status,
        processed: task.processed,
        total: task.total,
        createTime: task.createdAt.toISOString(),
        finishTime: null,
        error: null,
      })),
    });
    const colleague = await list(await t.login(m.users.admin.username));
    expect(colleague.total).toBe(1);
    expect(colleague.list[0]!.id).not.toBe(mine[0]!.id);
  });

  it("pages the list", async () => {
    const m = await t.merchant();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await insertExportTask(t, m.users.finance.id)).id);
    const token = await t.login(m.users.finance.username);
    const newestFirst = [...ids].reverse();
    expect(await list(token, "?pageNum=1&pageSize=2")).toMatchObject({ total: 5 });
    expect((await list(token, "?pageNum=1&pageSize=2")).list.map((x) => x.id)).toEqual(newestFirst.slice(0, 2));
    expect((await list(token, "?pageNum=3&pageSize=2")).list.map((x) => x.id)).toEqual(newestFirst.slice(4));
    expectFieldErrors(await call(t, "GET", `${EXPORT_LIST}?pageSize=0`, { token, lang: EN }), {
      pageSize: M.pageSize[EN],
    });
  });

  describe("PATCH /merchant/export/kill/:id (terminate)", () => {
    it.each([0, 1])("terminates a task at status %i: status 3 with a finish time", async (status) => {
      const m = await t.merchant();
      const task = await insertExportTask(t, m.users.operator.id, { status });
      const token = await t.login(m.users.operator.username);
      const res = await call(t, "PATCH", exportKill(task.id), { token, lang: EN });
      expect(res.json()).toEqual({ code: 200, message: M.success[EN], data: null });
      const row = await exportTaskRow(t, task.id);
      expect(row).toMatchObject({ status: 3, finishedAt: t.clock.now() });
      expect((await list(token)).list[0]).toMatchObject({
        id: task.id,
        status: 3,
        finishTime: t.clock.now().toISOString(),
      });
    });

    it.each([2, 3, 4])("answers 409 for a task at status %i and leaves it", async (status) => {
      const m = await t.merchant();
      const task = await insertExportTask(t, m.users.finance.id, { status });
      const token = await t.login(m.users.finance.username);
      for (const lang of [EN, ZH] as Lang[]) {
        expectFailure(
          await call(t, "PATCH", exportKill(task.id), { token, lang }),
          409,
          M.exportTaskNotTerminable[lang],
        );
      }
      expect((await exportTaskRow(t, task.id))?.status).toBe(status);
    });

    it("answers 404 for another merchant's task or a colleague's, and leaves them running", async () => {
      const m = await t.merchant();
      const other = await t.merchant();
      const foreign = await insertExportTask(t, other.users.admin.id, { status: 1 });
      const colleagues = await insertExportTask(t, m.users.operator.id, { status: 0 });
      const token = await t.login(m.users.admin.username);
      for (const lang of [EN, ZH] as Lang[]) {
        expectFailure(await call(t, "PATCH", exportKill(foreign.id), { token, lang }), 404, M.exportTaskNotFound[lang]);
        expectFailure(
          await call(t, "PATCH", exportKill(colleagues.id), { token, lang }),
          404,
          M.exportTaskNotFound[lang],
        );
      }
      expect((await exportTaskRow(t, foreign.id))?.status).toBe(1);
      expect((await exportTaskRow(t, colleagues.id))?.status).toBe(0);
    });
  });

  describe("DELETE /merchant/export/kill/:id", () => {
    it("removes the caller's task; a second delete answers 404", async () => {
      const m = await t.merchant();
      const keep = await insertExportTask(t, m.users.operator.id, { status: 2 });
      const task = await insertExportTask(t, m.users.operator.id, { status: 2 });
      const token = await t.login(m.users.operator.username);
      const res = await call(t, "DELETE", exportKill(task.id), { token, lang: ZH });
      expect(res.json()).toEqual({ code: 200, message: M.success[ZH], data: null });
      expect(await exportTaskRow(t, task.id)).toBeUndefined();
      expect(await list(token)).toMatchObject({ total: 1, list: [{ id: keep.id }] });
      expectFailure(await call(t, "DELETE", exportKill(task.id), { token, lang: EN }), 404, M.exportTaskNotFound[EN]);
    });

    it("answers 404 for another merchant's task and keeps it", async () => {
      const m = await t.merchant();
      const other = await t.merchant();
      const foreign = await insertExportTask(t, other.users.finance.id);
      const token = await t.login(m.users.finance.username);
      expectFailure(
        await call(t, "DELETE", exportKill(foreign.id), { token, lang: ZH }),
        404,
        M.exportTaskNotFound[ZH],
      );
      expect(await exportTaskRow(t, foreign.id)).toBeDefined();
    });
  });

  describe.each([EN, ZH] as Lang[])("bad ids in %s", (lang) => {
    let token: string;
    beforeAll(async () => {
      const m = await t.merchant();
      token = await t.login(m.users.admin.username);
    });

    it.each(["abc", "0", "-1", "1.5"])("answers 400 data.errors.id for %j", async (id) => {
      // A whole number below the first id says so, rather than that it is not a whole number.
      const message = ["0", "-1"].includes(id)
        ? { [EN]: '"id" must be above 0', [ZH]: "“id”必须大于 0" }[lang]
        : M.integer[lang];
      for (const method of ["PATCH", "DELETE"] as const) {
        expectFieldErrors(await call(t, method, exportKill(id), { token, lang }), { id: message });
      }
    });
  });

  it("answers 401 without a session", async () => {
    expectFailure(await call(t, "GET", EXPORT_LIST, { lang: EN }), 401, M.unauthenticated[EN]);
    expectFailure(await call(t, "PATCH", exportKill(1), { lang: ZH }), 401, M.unauthenticated[ZH]);
    expectFailure(await call(t, "DELETE", exportKill(1), { lang: EN }), 401, M.unauthenticated[EN]);
  });
});

describe.each(engines)("the export worker on %s", (engine) => {
  let t: TestApp;
  let shop: Shop;
  beforeAll(async () => {
    t = await startTestApp(engine);
    shop = await openShop(t, { balance: "100" });
    for (let i = 1; i <= 6; i++) await fund(t, shop.merchantId, `${i}.25`);
  });
  afterAll(() => closeTestApp(t));

  const queue = async (token = shop.token) =>
    expectOk<number>(await call(t, "GET", exportPath("transaction"), { token, lang: EN }), EN);
  const list = async (token: string) => expectOk<Page>(await call(t, "GET", EXPORT_LIST, { token, lang: EN }), EN);
  const fileOf = async (id: number) => {
    const key = (await exportTaskRow(t, id))?.fileKey;
    return key ? t.deps.storage.readStream(key) : null;
  };

  it("terminating a queued task means it never runs", async () => {
    const id = await queue();
    expectOk(await call(t, "PATCH", exportKill(id), { token: shop.token }));
    expect(await runExportsOnce(t.deps)).toBe(0);
    expect(await exportTaskRow(t, id)).toMatchObject({ status: 3, fileKey: null, processed: 0 });
  });

  it("terminating a running task stops it at the next batch and removes its partial file", async () => {
    const id = await queue();
    const seen: number[] = [];
    let partial: string | null = null;
    await runExportsOnce(t.deps, {
      batchRows: 2,
      afterBatch: async (taskId, processed) => {
        seen.push(processed);
        if (seen.length > 1) return;
        const row = await exportTaskRow(t, taskId);
        expect(row).toMatchObject({ status: 1, processed: 2, total: 7 });
        partial = row!.fileKey;
        expectOk(await call(t, "PATCH", exportKill(taskId), { token: shop.token }));
      },
    });
    expect(seen).toEqual([2]);
    expect(partial).toMatch(/^exports\//);
    expect(await t.deps.storage.readStream(partial!)).toBeNull();
    // The second batch was read, but its progress was never written: the run found the task terminated.
    expect(await exportTaskRow(t, id)).toMatchObject({ status: 3, processed: 2 });
  });

  it("a stopping worker ends with the batch in hand and hands its task back, which the next run finishes", async () => {
    const id = await queue();
    let stopping = false;
    let partial: string | null = null;
    const ran = await runExportsOnce(t.deps, {
      batchRows: 2,
      stopped: () => stopping,
      afterBatch: async (taskId) => {
        partial = (await exportTaskRow(t, taskId))!.fileKey;
        stopping = true; // SIGTERM, while the first batch is written
      },
    });
    expect(ran).toBe(1);
    // Queued again, its partial file gone, and not counted as a run that killed its worker.
    expect(await exportTaskRow(t, id)).toMatchObject({ status: 0, processed: 0, fileKey: null, attempts: 0 });
    expect(await t.deps.storage.readStream(partial!)).toBeNull();
    expect(await runExportsOnce(t.deps)).toBe(1);
    expect(await exportTaskRow(t, id)).toMatchObject({ status: 2, processed: 7, total: 7, attempts: 1 });
    expect((await readSheet(await downloadForm(t, id, shop.token), 10)).length).toBe(8);
  });

  it("a completed task cannot be terminated; deleting it removes its file", async () => {
    const id = await queue();
    expect(await runExportsOnce(t.deps)).toBe(1);
    const key = (await exportTaskRow(t, id))!.fileKey!;
    expect(await t.deps.storage.readStream(key)).not.toBeNull();
    expectFailure(
      await call(t, "PATCH", exportKill(id), { token: shop.token, lang: EN }),
      409,
      M.exportTaskNotTerminable[EN],
    );
    expectOk(await call(t, "DELETE", exportKill(id), { token: shop.token }));
    expect(await t.deps.storage.readStream(key)).toBeNull();
    expectFailure(await downloadForm(t, id, shop.token), 404, M.exportTaskNotFound[EN]);
  });

  it("takes up again a task whose worker died once its lease has run out", async () => {
    const id = await queue();
    const claimed = await claimExportTask(t.deps);
    expect(claimed?.id).toBe(id);
    // The claim's worker dies here. Until the lease runs out nobody else takes the task.
    expect(await runExportsOnce(t.deps)).toBe(0);
    expect((await exportTaskRow(t, id))?.status).toBe(1);
    t.clock.advance(EXPORTS.leaseMs + 1);
    expect(await runExportsOnce(t.deps)).toBe(1);
    expect(await exportTaskRow(t, id)).toMatchObject({ status: 2, processed: 7, total: 7 });
    expect((await readSheet(await downloadForm(t, id, shop.token), 10)).length).toBe(8);
  });

  it("terminating a task whose worker died removes the partial file it left", async () => {
    const id = await queue();
    expect((await claimExportTask(t.deps))?.id).toBe(id);
    // What a run leaves when it dies mid-file: its key on the task and a partial file.
    const partial = `exports/${id}-crashed.xlsx`;
    await t.deps.db.update(exportTasks).set({ fileKey: partial }).where(eq(exportTasks.id, id));
    const out = t.deps.storage.createWriteStream(partial);
    await new Promise<void>((resolve, reject) => out.end("PK partial", () => resolve()).once("error", reject));
    expect(await t.deps.storage.readStream(partial)).not.toBeNull();

    expectOk(await call(t, "PATCH", exportKill(id), { token: shop.token }));
    expect(await t.deps.storage.readStream(partial)).toBeNull();
    expect(await exportTaskRow(t, id)).toMatchObject({ status: 3 });
  });

  it("ends in status 4 with a translated reason, never the error's own text, when the export fails", async () => {
    const id = await queue();
    await t.deps.db.update(exportTasks).set({ params: "{not json" }).where(eq(exportTasks.id, id));
    const logged: object[] = [];
    expect(await runExportsOnce(t.deps, { log: { error: (details) => logged.push(details) } })).toBe(1);
    expect(await exportTaskRow(t, id)).toMatchObject({
      status: 4,
      finishedAt: t.clock.now(),
      error: "export-task.errors.failed",
    });
    expect(logged).toHaveLength(1); // the real error goes to the log
    const shown = (await list(shop.token)).list.find((task) => task.id === id);
    expect(shown?.error).toBe("The export failed; please try again");
    // A reason stored by an older version (raw database text) is not shown either.
    await t.deps.db.update(exportTasks).set({ error: 'relation "x" does not exist' }).where(eq(exportTasks.id, id));
    expect((await list(shop.token)).list.find((task) => task.id === id)?.error).toBe(
      "The export failed; please try again",
    );
  });

  it("gives up a task that killed its worker 3 times: status 4, translated reason, no 4th run", async () => {
    const id = await queue();
    for (let crash = 1; crash <= EXPORTS.maxAttempts; crash++) {
      expect((await claimExportTask(t.deps))?.id).toBe(id); // ...and the worker dies mid-run
      t.clock.advance(EXPORTS.leaseMs + 1);
    }
    expect(await runExportsOnce(t.deps)).toBe(1);
    expect(await exportTaskRow(t, id)).toMatchObject({
      status: 4,
      attempts: EXPORTS.maxAttempts + 1,
      error: "export-task.errors.crashed",
    });
    const zh = expectOk<Page>(await call(t, "GET", EXPORT_LIST, { token: shop.token, lang: ZH }));
    expect(zh.list.find((task) => task.id === id)?.error).toBe("该导出多次导致处理进程中断，已放弃；请缩小范围后重试");
    expect(await runExportsOnce(t.deps)).toBe(0);
  });

  it("refuses a 6th unfinished export of one user, even when asked all at once", async () => {
    const other = await openShop(t, { balance: "0" });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(t, "GET", exportPath("order"), { token: other.token, lang: EN })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    for (const refused of answers.filter((r) => r.statusCode !== 200))
      expectFailure(
        refused,
        409,
        "You already have 5 exports queued or in progress; wait for one to finish or terminate one",
      );
    // A finished one frees a place; a colleague has places of their own.
    await runExportsOnce(t.deps);
    expectOk(await call(t, "GET", exportPath("order"), { token: other.token }));
    expectOk(await call(t, "GET", exportPath("order"), { token: await t.login(other.merchant.users.admin.username) }));
  });

  it("takes tasks fairly across merchants: one merchant's 20 queued exports do not hold back another's one", async () => {
    await runExportsOnce(t.deps); // nothing else queued
    const busy = await openShop(t, { balance: "0" });
    const queued = [];
    for (let i = 0; i < 20; i++)
      queued.push(await insertExportTask(t, busy.merchant.users.operator.id, { type: "order" }));
    t.clock.advance(1000);
    const single = await insertExportTask(t, shop.merchant.users.operator.id, { type: "order" });
    // Two lanes: the busy merchant's oldest runs in one; the other merchant's single task gets the other at once,
    // and the busy merchant gets no second lane while its first task runs.
    expect((await claimExportTask(t.deps))?.id).toBe(queued[0]!.id);
    expect((await claimExportTask(t.deps))?.id).toBe(single.id);
    expect(await claimExportTask(t.deps)).toBeNull();
    await t.deps.db.update(exportTasks).set({ status: 2, leaseUntil: null }).where(eq(exportTasks.id, queued[0]!.id));
    expect((await claimExportTask(t.deps))?.id).toBe(queued[1]!.id);
    await t.deps.db
      .update(exportTasks)
      .set({ status: 3, leaseUntil: null })
      .where(inArray(exportTasks.id, [single.id, ...queued.slice(1).map((q) => q.id)]));
  });

  it("housekeeping deletes tasks and files older than EXPORT_RETENTION_DAYS", async () => {
    const old = await queue();
    await runExportsOnce(t.deps);
    const oldKey = (await exportTaskRow(t, old))!.fileKey!;
    t.clock.advance((t.deps.config.EXPORT_RETENTION_DAYS - 1) * 86_400_000);
    const recent = await queue(await t.login(shop.merchant.users.operator.username));
    await runExportsOnce(t.deps);
    await housekeeping(t.deps);
    expect(await exportTaskRow(t, old)).toBeDefined();
    t.clock.advance(86_400_000 + 1);
    await housekeeping(t.deps);
    expect(await exportTaskRow(t, old)).toBeUndefined();
    expect(await t.deps.storage.readStream(oldKey)).toBeNull();
    expect(await fileOf(recent)).not.toBeNull();
  });
});
