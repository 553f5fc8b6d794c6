import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeps } from "../../server/src/app-deps";
import { openDatabase } from "../../server/src/db/connection";
import { deposits, files, merchants, users } from "../../server/src/db/schema";
import { createDeposit } from "../../server/src/modules/deposit/deposit.service";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { seedDemo } from "../../server/src/modules/provisioning/demo-seed";
import { testConfig } from "../support/test-app";

/**
 * The operator CLI as the reseller's staff run it: a separate process on the embedded database's folder
 * (the server stopped), approving a merchant's deposit and refusing what it must refuse.
 */
describe("the operator CLI on a data folder", () => {
  let dir: string;
  let depositNo: string;

  async function withDatabase<T>(work: (deps: ReturnType<typeof createDeps>) => Promise<T>): Promise<T> {
    const database = await openDatabase({ kind: "pglite", dir });
    try {
      return await work(createDeps(database, testConfig({ DATA_DIR: dir })));
    } finally {
      await database.close();
    }
  }

  const ops = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "server/src/ops/cli.ts", ...args], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", NODE_ENV: "development" },
      encoding: "utf8",
      timeout: 60_000,
    });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mp-ops-"));
    depositNo = await withDatabase(async (deps) => {
      await seedDemo(deps);
      const [finance] = await deps.db.select().from(users).where(eq(users.username, "finance@demo.test"));
      const [proof] = await deps.db
        .insert(files)
        .values({ merchantId: finance!.merchantId, storageKey: "0".repeat(64), contentType: "image/png", size: 1 })
        .returning({ id: files.id });
      const auth = {
        sessionId: 0,
        userId: finance!.id,
        merchantId: finance!.merchantId,
        role: "finance" as const,
        mfaBound: true,
        username: "finance@demo.test",
      };
      const deposit = await createDeposit(deps, auth, {
        amount: "710.00",
        currency: "CNY",
        referenceNo: "TT-OPS-1",
        paymentGateway: "SWIFT",
        transactionTime: "2026-11-20T08:30:00.000Z",
        proofFileId: proof!.id,
        companyName: "Demo Trading Co., Ltd.",
        bankAccount: "6222 0000 1111",
        remarks: "",
      });
      return deposit.depositNo;
    });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("lists the pending deposit, approves it once, refuses a second approval and an overdraft", async () => {
    const listed = ops("deposit:list", "--status", "pending");
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(depositNo);

    const approved = ops("deposit:approve", "--deposit", depositNo, "--settled-currency", "USD", "--rate", "0.1408");
    expect(approved.status, approved.stderr).toBe(0);
    // 710.00 x 0.1408 = 99.968 -> 99.97
    expect(approved.stdout).toContain("99.97");

    const again = ops("deposit:approve", "--deposit", depositNo, "--settled-currency", "USD", "--rate", "0.1408");
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already approved/i);

    const overdraft = ops(
      "balance:adjust",
      "--merchant",
      "M100001",
      "--type",
      "reduce",
      "--amount",
      "999999",
      "--remark",
      "test",
    );
    expect(overdraft.status).toBe(1);

    // A refused option is a sentence, never a stack trace.
    const ambiguous = ops(
      "balance:adjust",
      "--merchant",
      "M100001",
      "--type",
      "other",
      "--amount",
      "-2.50",
      "--remark",
      "x",
    );
    expect(ambiguous.status).toBe(1);
    expect(ambiguous.stderr).toContain("--amount=-XYZ");
    expect(ambiguous.stderr).not.toMatch(/\n\s+at /);

    const check = ops("ledger:check");
    expect(check.status, check.stdout).toBe(0);
    expect(check.stdout).toContain("The ledger holds.");

    await withDatabase(async (deps) => {
      const [row] = await deps.db.select().from(deposits).where(eq(deposits.depositNo, depositNo));
      expect(row).toMatchObject({ status: "success", settledAmount: "99.9700", settledCurrency: "USD" });
      const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.merchantNo, "M100001"));
      expect(merchant!.balance).toBe("5099.9700");
      expect(await ledgerViolations(deps.db)).toEqual([]);
    });
  }, 180_000);

  it("adds, lists, disables and enables the bank accounts merchants send deposits to", () => {
    const added = ops(
      "bank-account:add",
      "--bank",
      "HSBC Hong Kong",
      "--account-name",
      "Reseller Ltd.",
      "--account-number",
      "400-123456-838",
      "--currency",
      "usd",
      "--swift",
      "HSBCHKHHHKH",
    );
    expect(added.status, added.stderr).toBe(0);
    const id = /#(\d+)/.exec(added.stdout)?.[1] ?? "";
    expect(added.stdout).toContain("enabled\tUSD\tHSBC Hong Kong\tReseller Ltd.\t400-123456-838\tHSBCHKHHHKH");

    const disabled = ops("bank-account:disable", "--id", id);
    expect(disabled.status, disabled.stderr).toBe(0);
    const listed = ops("bank-account:list", "--currency", "USD");
    expect(listed.stdout).toContain(`#${id}\tdisabled\tUSD\tHSBC Hong Kong`);
    expect(ops("bank-account:enable", "--id", id).status).toBe(0);
    expect(ops("bank-account:list").stdout).toContain(`#${id}\tenabled\tUSD`);

    // Refusals are sentences with exit code 1, never stack traces.
    const noNumber = ops(
      "bank-account:add",
      "--bank",
      "B",
      "--account-name",
      "A",
      "--account-number",
      " ",
      "--currency",
      "USD",
    );
    expect(noNumber.status).toBe(1);
    expect(noNumber.stderr).toContain("A bank account needs --account-number");
    const unknown = ops("bank-account:disable", "--id", "424242");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("No bank account #424242");
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
  }, 180_000);
});
