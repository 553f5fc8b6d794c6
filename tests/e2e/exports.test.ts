import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportTasks, users } from "../../server/src/db/schema";
import { runExportsOnce } from "../../server/src/modules/export-task/export-task.worker";
import { runFulfilmentOnce } from "../../server/src/modules/fulfilment/fulfilment.worker";
import { parseCsv } from "../support/csv-fixtures";
import { demoShopOperator, demoTopupSku, type E2E, problemsOf, startE2E } from "../support/e2e";

/**
 * Issue 6 from the operator's side: an export of the filtered Orders list, watched in the drawer until it is
 * done, then downloaded through the drawer's form post. The test app runs no workers, so the test takes the
 * export worker's rounds itself, as the orders tests take the fulfilment worker's.
 */
describe("exports from the operator's side", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ config: { SIMULATOR_DELAY_MS: "3000" } });
  });
  afterAll(() => e2e.close());

  /** Places DEMO-MOBILE-TOPUP 10 CNY orders through the API; accounts ending in 0000 fail at the simulator. */
  async function placeOrders(token: string, accounts: readonly string[]) {
    const sku = await demoTopupSku(e2e.t);
    for (const account of accounts) {
      const res = await e2e.t.app.inject({
        method: "POST",
        url: "/portal/merchant/api/order",
        headers: { authorization: token },
        payload: { productId: sku.productId, skuId: sku.skuId, inputs: { account } },
      });
      expect(res.json().code).toBe(200);
    }
    e2e.t.clock.advance(3_000);
    await runFulfilmentOnce(e2e.t.deps);
  }

  /** What the Orders list shows for status Success: the order numbers the file must hold. */
  async function successOrderNos(token: string): Promise<string[]> {
    const res = await e2e.t.app.inject({
      method: "GET",
      url: "/portal/merchant/api/order/list?pageNum=1&pageSize=100&status=success",
      headers: { authorization: token },
    });
    const page = res.json().data as { total: number; list: { orderNo: string }[] };
    expect(page.list).toHaveLength(page.total);
    return page.list.map((o) => o.orderNo).sort();
  }

  it("exports the Success orders, shows the progress until Completed, and downloads the file", async () => {
    const { page } = await demoShopOperator(e2e);
    const token = (await page.evaluate(() => localStorage.getItem("loginToken"))) ?? "";
    await placeOrders(token, ["13800138001", "13800138002", "13800000000"]);
    const expected = await successOrderNos(token);
    expect(expected).toHaveLength(2);

    await page.goto("/merchant/order");
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByTitle("Success", { exact: true }).click();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    // The failed order leaves the list: the filter is applied before the export starts.
    await page.getByRole("row", { name: /Failed/ }).waitFor({ state: "detached" });
    for (const orderNo of expected) await page.getByRole("row", { name: new RegExp(orderNo) }).waitFor();

    await page.getByRole("button", { name: "Export", exact: true }).click();
    await page.getByText("Export task created").first().waitFor();
    const drawer = page.getByRole("dialog", { name: "Export Task" });
    const task = drawer.getByRole("row", { name: /Orders/ });
    await task.getByText("Queued", { exact: true }).waitFor();

    // The worker's round; the drawer reloads on its own while the task is queued, and stops once it is done.
    expect(await runExportsOnce(e2e.t.deps)).toBe(1);
    await task.getByText("Completed", { exact: true }).waitFor({ timeout: 15_000 });
    await task.getByText("2 / 2").waitFor();
    await drawer.getByText("Total 1 item").waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      task.getByRole("button", { name: "Download" }).click(),
    ]);
    const file = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    const orderNos: string[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) orderNos.push(String(row.getCell(1).value));
    });
    expect(orderNos.sort()).toEqual(expected);
    expect(problemsOf(page)).toEqual([]);
  });

  it("exports Funds Details as CSV from the button's menu, shows the format, and downloads a UTF-8 CSV", async () => {
    const { page } = await demoShopOperator(e2e);
    await page.goto("/merchant-fund/transaction-log");
    await page.getByRole("button", { name: "Choose the export format" }).click();
    await page.getByRole("menuitem", { name: "Export as CSV (.csv, UTF-8)" }).click();
    await page.getByText("Export task created").first().waitFor();
    const drawer = page.getByRole("dialog", { name: "Export Task" });
    const task = drawer.getByRole("row", { name: /Fund transactions/ });
    await task.getByText("CSV", { exact: true }).waitFor();
    await task.getByText("Queued", { exact: true }).waitFor();

    expect(await runExportsOnce(e2e.t.deps)).toBe(1);
    await task.getByText("Completed", { exact: true }).waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      task.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Fund transactions-\d{8}-\d{6}\.csv$/);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString("utf8"));
    expect(rows[0]!.slice(0, 2)).toEqual(["Fund number", "Order number"]);
    // The funding that opened the shop: one "Add deposit" entry.
    expect(rows.slice(1).map((r) => r[4])).toEqual(["Add deposit"]);
    expect(problemsOf(page)).toEqual([]);
  });

  it("terminates a task started on Funds Details, explains a failed one, and deletes it", async () => {
    const { page, merchantId } = await demoShopOperator(e2e);
    await page.goto("/merchant-fund/transaction-log");
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "Export Task" });
    const started = drawer.getByRole("row", { name: /Fund transactions/ });
    await started.getByText("Queued", { exact: true }).waitFor();

    await started.getByRole("button", { name: "Terminate" }).click();
    await page.getByRole("tooltip").getByRole("button", { name: "OK" }).click();
    await page.getByText("Task terminated", { exact: true }).waitFor();
    await started.getByText("Terminated", { exact: true }).waitFor();
    const [row] = await e2e.t.deps.db
      .select({ status: exportTasks.status })
      .from(exportTasks)
      .where(eq(exportTasks.merchantId, merchantId));
    expect(row?.status).toBe(3);

    // A task the worker gave up on says why when the pointer rests on its status.
    const [operator] = await e2e.t.deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.merchantId, merchantId), eq(users.role, "operator")));
    await e2e.t.deps.db.insert(exportTasks).values({
      merchantId,
      userId: operator!.id,
      type: "product",
      status: 4,
      error: "export-task.errors.crashed",
    });
    await drawer.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Export Task" }).click();
    const failed = drawer.getByRole("row", { name: /Products/ });
    await failed.getByText("Exception", { exact: true }).hover();
    await page
      .getByRole("tooltip", {
        name: "The export stopped its worker repeatedly and was given up; please try a smaller range",
      })
      .waitFor();
    await drawer.getByText("Total 2 items").waitFor();

    await failed.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("tooltip").getByRole("button", { name: "OK" }).click();
    await page.getByText("task deleted", { exact: true }).waitFor();
    await failed.waitFor({ state: "detached" });
    await drawer.getByText("Total 1 item").waitFor();
    expect(problemsOf(page)).toEqual([]);
  });
});
