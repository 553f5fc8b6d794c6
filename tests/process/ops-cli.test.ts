import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeps } from "../../server/src/create-deps";
import { openDatabase } from "../../server/src/db/connection";
import { deposits, files, merchants, users } from "../../server/src/db/schema";
import { createDeposit } from "../../server/src/modules/deposit/deposit.service";
import { ledgerViolations } from "../../server/src/modules/ledger/ledger.service";
import { seedDemo } from "../../server/src/modules/provisioning/demo-seed";
import { startServer, stopServer } from "../support/server-process";
import { testConfig } from "../support/test-app";

/** The options of `bank-account:add` for the reseller's HSBC account, in a currency as typed. */
const hsbcAccount = (currency: string) => [
  "--bank",
  "HSBC Hong Kong",
  "--account-name",
  "Reseller Ltd.",
  "--account-number",
  "400-123456-838",
  "--currency",
  currency,
];

/** `npm run ops -- <args>` on the embedded database in `dir`, from the checkout or from `cwd`. */
const opsOn = (dir: string, ...args: string[]) => opsFrom(process.cwd(), dir, ...args);
const opsFrom = (cwd: string, dir: string, ...args: string[]) =>
  // tsx as the checkout has it: `--import tsx` alone would be looked for from `cwd`.
  spawnSync(
    process.execPath,
    ["--import", import.meta.resolve("tsx"), path.resolve("server/src/ops/cli.ts"), ...args],
    {
      cwd,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", NODE_ENV: "development", OPERATOR_NAME: "ops-tester" },
      encoding: "utf8",
      timeout: 60_000,
    },
  );

/**
 * The operator CLI as the reseller's staff run it: a separate process on the embedded database's folder
 * (the server stopped), approving a merchant's deposit and refusing what it must refuse.
 */
describe("the operator CLI on a data folder", () => {
  let dir: string;
  let depositNo: string;
  /** The folder's key, where the CLI finds it (DATA_DIR/secrets.json): it refuses a database without its key. */
  const key = randomBytes(32).toString("base64");

  async function withDatabase<T>(work: (deps: ReturnType<typeof createDeps>) => Promise<T>): Promise<T> {
    const database = await openDatabase({ kind: "pglite", dir });
    try {
      return await work(createDeps(database, testConfig({ DATA_DIR: dir, ENCRYPTION_KEY: key })));
    } finally {
      await database.close();
    }
  }

  const ops = (...args: string[]) => opsOn(dir, ...args);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mp-ops-"));
    writeFileSync(path.join(dir, "secrets.json"), JSON.stringify({ encryptionKey: key }), { mode: 0o600 });
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
        client: { ip: "127.0.0.1", userAgent: "test" },
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
    // The audit log names the operator who approved it.
    const audited = ops("audit:list", "--action", "deposit.approved");
    expect(audited.status, audited.stderr).toBe(0);
    expect(audited.stdout).toContain(`deposit.approved\toperator:ops-tester\tM100001\tdeposit:${depositNo}`);

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
    const added = ops("bank-account:add", ...hsbcAccount("usd"), "--swift", "HSBCHKHHHKH");
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
    // A number mistyped is repeated as typed, not as "#NaN".
    expect(ops("bank-account:enable", "--id", "4x").stderr).toContain("No bank account #4x");
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
  }, 180_000);
});

/**
 * The embedded database belongs to the one server process that opened it: the CLI's commands run in that server
 * (over a Unix socket in the data folder), so the portal keeps running while the staff work.
 */
describe("the operator CLI beside a running server on the embedded database", () => {
  it("runs commands in the server that holds the data folder, with the same output and refusals", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mp-ops-live-"));
    const server = await startServer({ DATA_DIR: dir, DATABASE_URL: "" });
    try {
      const added = opsOn(dir, "bank-account:add", ...hsbcAccount("USD"));
      expect(added.status, added.stderr).toBe(0);
      expect(added.stdout).toContain("enabled\tUSD\tHSBC Hong Kong\tReseller Ltd.\t400-123456-838");
      expect(opsOn(dir, "bank-account:list", "--currency", "USD").stdout).toContain("HSBC Hong Kong");
      expect(opsOn(dir, "user:list", "--merchant", "M100001").stdout).toContain("admin@demo.test");
      // Run by the server, written to the log under the CLI's operator.
      expect(opsOn(dir, "merchant:create", "--name", "Live Shop").status).toBe(0);
      expect(opsOn(dir, "audit:list", "--action", "merchant.created", "--limit", "1").stdout).toMatch(
        /merchant\.created\toperator:ops-tester\tM\d+\tmerchant:M\d+/,
      );
      // The first console account of an installation comes from here, with a one-time password.
      const staff = opsOn(dir, "staff:create", "--username", "ops@live.test", "--roles", "superAdmin,financeOfficer");
      expect(staff.status, staff.stderr).toBe(0);
      expect(staff.stdout).toMatch(/Created ops@live\.test \(superAdmin, financeOfficer\)\. One-time password: \w{16}/);
      expect(opsOn(dir, "staff:create", "--username", "ops@live.test").status).not.toBe(0);

      // A file is read where the operator is, not where the server runs.
      const work = path.join(dir, "work");
      mkdirSync(work);
      writeFileSync(
        path.join(work, "catalog.json"),
        JSON.stringify({
          products: [
            {
              code: "LIVE-TOPUP",
              type: 1,
              name: "Live Top-up",
              nameZh: "实时充值",
              description: "Airtime credited to a mobile number within minutes.",
              descriptionZh: "几分钟内为手机号码充值话费。",
              imageUrl: "/catalog/mobile-topup.svg",
              deadlineSeconds: 600,
              fields: [
                {
                  key: "account",
                  label: { "en-US": "Mobile number", "zh-CN": "手机号码" },
                  kind: "text",
                  primaryKey: true,
                  pattern: "\\d{6,20}",
                  maxLength: 20,
                },
              ],
              skus: [{ code: "USD5", spec: "5 USD", faceValue: "5", currency: "USD" }],
            },
          ],
        }),
      );
      const imported = opsFrom(work, dir, "catalog:import", "--file", "catalog.json");
      expect(imported.status, imported.stderr).toBe(0);
      expect(opsOn(dir, "product:list").stdout).toContain("LIVE-TOPUP");

      // A refusal comes back as the same sentence and exit code, never a stack trace.
      const refused = opsOn(dir, "deposit:approve", "--deposit", "D-NONE", "--settled-currency", "USD", "--rate", "1");
      expect(refused.status).toBe(1);
      expect(refused.stderr.trim()).not.toBe("");
      expect(refused.stderr).not.toMatch(/\n\s+at /);
      // Options are still checked by the CLI before anything is sent.
      expect(opsOn(dir, "deposit:approve", "--deposit", "D-NONE").stderr).toContain("Missing --settled-currency");

      // Only the account that runs the server may send it commands.
      expect(statSync(path.join(dir, "ops.sock")).mode & 0o777).toBe(0o600);

      const check = opsOn(dir, "ledger:check");
      expect(check.status, check.stdout).toBe(0);
      expect((await fetch(`${server.url}/portal/health`)).ok).toBe(true);
    } finally {
      expect(await stopServer(server, "SIGTERM")).toBe(0);
    }
    // Stopped, the server takes its socket away, and the CLI opens the folder itself again.
    expect(existsSync(path.join(dir, "ops.sock"))).toBe(false);
    const direct = opsOn(dir, "bank-account:list");
    expect(direct.status, direct.stderr).toBe(0);
    expect(direct.stdout).toContain("HSBC Hong Kong");
    rmSync(dir, { recursive: true, force: true });
  }, 180_000);
});
