import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RoutedSku, routeCalls, type SupplierAccountView, supplierCalls, supplierCatalogCalls } from "#contracts";
import { auditEvents } from "../../server/src/modules/audit/audit.schema";
import { supplierAccounts, supplierBalances } from "../../server/src/modules/supplier/supplier.schema";
import { call, closeTestApp, EN, expectOk } from "../support/api-helpers";
import { openShop } from "../support/order-fixtures";
import { consoleUrl, staffCode, staffLogin, staffMember, type TestStaff } from "../support/staff";
import { startDingConnectStandin } from "../support/standins/dingconnect-standin";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/**
 * Supplier accounts and routes in the console (issue 16): credentials sealed and never answered, kept when an
 * edit leaves them empty; a kind's required credentials; health from a real balance call; every change audited
 * without secrets; every balance read kept; routes replaced as a list, picked from the synced catalogs.
 */
describe.each(engines)("the console's suppliers on %s", (engine) => {
  let t: TestApp;
  let admin: TestStaff;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(engine);
    admin = await staffMember(t, ["superAdmin"]);
    token = await staffLogin(t, admin);
  });
  afterAll(() => closeTestApp(t));

  const write = async (method: "POST" | "PUT", url: string, payload: object) =>
    call(t, method, url, { token, lang: EN, headers: { "x-mfa-code": await staffCode(t, admin) }, payload });

  it("keeps credentials sealed, never answers them, and keeps a stored one an edit leaves empty", async () => {
    const ding = await startDingConnectStandin({ apiKey: "ding-secret-key-1", balance: 321.5 });
    try {
      const missing = await write("POST", consoleUrl(supplierCalls.create), {
        code: "ding-main",
        name: "DingConnect",
        kind: "dingconnect",
        baseUrl: ding.baseUrl,
      });
      expect(missing.json().data.errors).toEqual({ "credentials.apiKey": "This field is required" });
      const created = expectOk<SupplierAccountView>(
        await write("POST", consoleUrl(supplierCalls.create), {
          code: "ding-main",
          name: "DingConnect",
          kind: "dingconnect",
          baseUrl: `${ding.baseUrl}/`,
          credentials: { apiKey: "ding-secret-key-1" },
        }),
        EN,
      );
      expect(created).toMatchObject({ baseUrl: ding.baseUrl, credentialKeys: ["apiKey"], health: "unknown" });
      expect(JSON.stringify(created)).not.toContain("ding-secret-key-1");
      const [row] = await t.deps.db.select().from(supplierAccounts).where(eq(supplierAccounts.id, created.id));
      expect(row!.credentialsSealed).not.toContain("ding-secret-key-1");
      expect(JSON.parse(t.deps.cipher.decrypt(row!.credentialsSealed!))).toEqual({ apiKey: "ding-secret-key-1" });

      // Checked against the stand-in: its balance, and it is up.
      const checked = expectOk<SupplierAccountView>(
        await call(t, "POST", consoleUrl(supplierCalls.check, { id: created.id }), { token, lang: EN }),
        EN,
      );
      expect(checked).toMatchObject({ health: "up", balance: "321.5000", balanceCurrency: "USD", lastError: "" });
      // Each balance read is kept for reconciliation.
      const balances = await t.deps.db
        .select()
        .from(supplierBalances)
        .where(eq(supplierBalances.supplierId, created.id));
      expect(balances.map((b) => [b.balance, b.currency, b.checkedAt])).toEqual([["321.5000", "USD", t.clock.now()]]);

      // Renamed with the key left empty: the key stays and still works.
      const renamed = expectOk<SupplierAccountView>(
        await write("PUT", consoleUrl(supplierCalls.update, { id: created.id }), {
          code: "ding-main",
          name: "DingConnect (live)",
          kind: "dingconnect",
          baseUrl: ding.baseUrl,
          credentials: { apiKey: "" },
        }),
        EN,
      );
      expect(renamed).toMatchObject({ name: "DingConnect (live)", credentialKeys: ["apiKey"], health: "up" });
      // A wrong key: down, and the reason says so without the key.
      await write("PUT", consoleUrl(supplierCalls.update, { id: created.id }), {
        code: "ding-main",
        name: "DingConnect (live)",
        kind: "dingconnect",
        baseUrl: ding.baseUrl,
        credentials: { apiKey: "wrong-key-2" },
      });
      const down = expectOk<SupplierAccountView>(
        await call(t, "POST", consoleUrl(supplierCalls.check, { id: created.id }), { token, lang: EN }),
        EN,
      );
      expect(down.health).toBe("down");
      expect(down.lastError).not.toBe("");
      expect(down.lastError).not.toContain("wrong-key-2");

      const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, "ding-main"));
      expect(audit.map((a) => a.action)).toEqual(["supplier.created", "supplier.changed", "supplier.changed"]);
      expect(JSON.stringify(audit)).not.toMatch(/ding-secret-key-1|wrong-key-2/);
      expect(audit[2]!.after).toMatchObject({ credentialsReplaced: true });
    } finally {
      await ding.close();
    }
  });

  it("refuses a taken code, a change of kind, an unknown credential and a bad address, changing nothing", async () => {
    const body = { code: "sim-x", name: "Sim X", kind: "simulator", baseUrl: "simulator:" };
    const created = expectOk<SupplierAccountView>(await write("POST", consoleUrl(supplierCalls.create), body), EN);
    const taken = await write("POST", consoleUrl(supplierCalls.create), body);
    expect([taken.statusCode, taken.json().data.errors]).toEqual([
      409,
      { code: "Another supplier already has this code" },
    ]);
    const kind = await write("PUT", consoleUrl(supplierCalls.update, { id: created.id }), {
      ...body,
      kind: "reloadly",
      credentials: { clientId: "a", clientSecret: "b" },
    });
    expect(kind.statusCode).toBe(409);
    const unknown = await write("POST", consoleUrl(supplierCalls.create), {
      ...body,
      code: "sim-y",
      credentials: { password: "x" },
    });
    expect(unknown.json().data.errors).toEqual({
      "credentials.password": "This kind of supplier has no such credential",
    });
    const address = await write("POST", consoleUrl(supplierCalls.create), {
      ...body,
      code: "sim-z",
      baseUrl: "ftp://x",
    });
    expect(address.json().data.errors).toEqual({ baseUrl: "Enter an address starting with https:// or http://" });
    // One no URL parser takes (the adapters parse it on every call) is refused the same way.
    const unparsable = await write("POST", consoleUrl(supplierCalls.create), {
      ...body,
      code: "sim-w",
      kind: "dingconnect",
      baseUrl: "http://[::1",
      credentials: { apiKey: "k" },
    });
    expect(unparsable.json().data.errors).toEqual({ baseUrl: "Enter an address starting with https:// or http://" });
    const all = expectOk<SupplierAccountView[]>(await call(t, "GET", consoleUrl(supplierCalls.list), { token }));
    expect(all.map((s) => s.code).filter((c) => c.startsWith("sim-"))).toEqual(["sim-x"]);
  });

  it("clears a setting given empty (the simulator's refusal), where an empty secret is kept", async () => {
    const body = { code: "sim-refusing", name: "Refusing", kind: "simulator", baseUrl: "simulator:" };
    const created = expectOk<SupplierAccountView>(
      await write("POST", consoleUrl(supplierCalls.create), { ...body, credentials: { refuse: "all" } }),
      EN,
    );
    expect(created.credentialKeys).toEqual(["refuse"]);
    const cleared = expectOk<SupplierAccountView>(
      await write("PUT", consoleUrl(supplierCalls.update, { id: created.id }), {
        ...body,
        credentials: { refuse: "" },
      }),
      EN,
    );
    expect(cleared.credentialKeys).toEqual([]);
  });

  it("keeps every balance a check reads, for reconciliation", async () => {
    const created = expectOk<SupplierAccountView>(
      await write("POST", consoleUrl(supplierCalls.create), {
        code: "sim-balance",
        name: "Balance",
        kind: "simulator",
        baseUrl: "simulator:",
      }),
      EN,
    );
    const start = t.clock.now();
    const check = () => call(t, "POST", consoleUrl(supplierCalls.check, { id: created.id }), { token, lang: EN });
    expect(expectOk<SupplierAccountView>(await check(), EN)).toMatchObject({ health: "up", balance: "1000000.0000" });
    const later = new Date(start.getTime() + 60_000);
    t.clock.set(later);
    expectOk(await check(), EN);
    t.clock.set(start);
    const balances = await t.deps.db.select().from(supplierBalances).where(eq(supplierBalances.supplierId, created.id));
    expect(balances.map((b) => [b.balance, b.currency, b.checkedAt])).toEqual([
      ["1000000.0000", "USD", start],
      ["1000000.0000", "USD", later],
    ]);
  });

  it("replaces a SKU's routes as an ordered list from the synced catalogs, refusing an unknown supplier or the same product twice", async () => {
    const shop = await openShop(t);
    const [sim] = await t.deps.db.select().from(supplierAccounts).where(eq(supplierAccounts.code, "simulator"));
    const second = expectOk<SupplierAccountView>(
      await write("POST", consoleUrl(supplierCalls.create), {
        code: "sim-second",
        name: "Second simulator",
        kind: "simulator",
        baseUrl: "simulator:",
      }),
      EN,
    );
    for (const id of [sim!.id, second.id])
      expectOk(await call(t, "POST", consoleUrl(supplierCatalogCalls.sync, { id }), { token, lang: EN }), EN);
    const url = consoleUrl(routeCalls.setRoutes, { id: shop.topup.skuId });
    const route = { supplierId: sim!.id, supplierProduct: "topup-CNY" };
    const set = expectOk<RoutedSku>(
      await call(t, "PUT", url, {
        token,
        lang: EN,
        payload: { routes: [route, { ...route, supplierId: second.id }] },
      }),
      EN,
    );
    // 10 CNY is 1.41 USD at the simulator's 7.1, less its 3 %.
    expect(set.routes.map((r) => [r.supplierCode, r.supplierProduct, r.cost, r.costCurrency])).toEqual([
      ["simulator", "topup-CNY", "1.3677", "USD"],
      ["sim-second", "topup-CNY", "1.3677", "USD"],
    ]);
    const twice = await call(t, "PUT", url, { token, lang: EN, payload: { routes: [route, route] } });
    expect(twice.json().data.errors).toEqual({
      "routes.1.supplierProduct": "This supplier product is already a route of this SKU",
    });
    const nobody = await call(t, "PUT", url, {
      token,
      lang: EN,
      payload: { routes: [{ ...route, supplierId: 999999 }] },
    });
    expect(nobody.json().data.errors).toEqual({ "routes.0.supplierId": "This supplier does not exist" });
    const listed = expectOk<{ list: RoutedSku[] }>(
      await call(t, "GET", `${consoleUrl(routeCalls.routedSkus)}?keyword=${shop.topup.code}`, { token }),
    );
    expect(listed.list.map((s) => [s.skuCode, s.routes.length])).toEqual([["A", 2]]);
    const accounts = expectOk<SupplierAccountView[]>(await call(t, "GET", consoleUrl(supplierCalls.list), { token }));
    expect(accounts.find((a) => a.id === second.id)?.routes).toBe(1);
    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.action, "route.changed"));
    expect(audit.at(-1)).toMatchObject({
      before: { routes: [], allowLoss: false },
      after: { routes: ["simulator:topup-CNY 1.3677 USD", "sim-second:topup-CNY 1.3677 USD"], allowLoss: false },
    });
  });
});
