import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MenuEntry, type ResourceDeclaration, resources } from "#contracts";
import { users } from "../../server/src/db/schema";
import { bindMfa, call, closeTestApp, EN, expectOk, INFO, type Lang, ZH } from "../support/api-helpers";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

type Menu = MenuEntry;

const titles: Record<Lang, Record<string, string>> = {
  [EN]: {
    merchant: "Merchant Portal",
    overview: "Overview",
    "merchant-info": "Merchant Information",
    product: "Product Management",
    order: "Order Management",
    "merchant-fund": "Fund Management",
    ledger: "Funds Details",
    deposit: "Recharge History",
    "merchant-setting": "Merchant Settings",
    "api-settings": "API Settings",
    member: "Operator Management",
  },
  [ZH]: {
    merchant: "Merchant Portal", // the product's name, in both languages (spec §2)
    overview: "概览",
    "merchant-info": "商户信息",
    product: "产品管理",
    order: "订单管理",
    "merchant-fund": "资金管理",
    ledger: "资金明细",
    deposit: "充值记录",
    "merchant-setting": "商户设置",
    "api-settings": "API 设置",
    member: "操作员管理",
  },
};

/** The menu trees the spec's route table gives each role, highest sort first at every level. */
function expectedMenus(role: "admin" | "operator" | "finance", lang: Lang): Menu[] {
  const entry = (name: string, path: string, icon: string, sort: number, children: Menu[] = []): Menu => ({
    name,
    title: titles[lang][name]!,
    path,
    icon,
    hidden: 0,
    sort,
    children,
  });
  const overview = entry("overview", "/merchant/overview", "overview", 100);
  const merchant = entry("merchant", "/merchant", "shop", 100, [
    overview,
    entry("merchant-info", "/merchant/info", "info", 30),
    entry("product", "/merchant/product", "product", 20),
    entry("order", "/merchant/order", "order", 10),
  ]);
  const fund = entry("merchant-fund", "/merchant-fund", "fund", 90, [
    entry("ledger", "/merchant-fund/transaction-log", "transaction", 20),
    entry("deposit", "/merchant-fund/fund", "deposit", 10),
  ]);
  const setting = entry("merchant-setting", "/merchant-setting", "setting", 80, [
    entry("api-settings", "/merchant-setting/merchant-development", "api", 20),
    entry("member", "/merchant-setting/merchant-member", "team", 10),
  ]);
  if (role === "admin") return [merchant, fund, setting];
  if (role === "operator") return [merchant, fund];
  // Finance opens the overview (its money part) and nothing else of the merchant group.
  return [{ ...merchant, children: [overview] }, fund];
}

const ALL = ["list", "show", "create", "edit", "delete", "export"];
const expectedResources = {
  admin: [
    "merchant",
    "overview",
    "merchant-info",
    "product",
    "order",
    "merchant-fund",
    "ledger",
    "deposit",
    "merchant-setting",
    "api-settings",
    "member",
    "export-task",
    "notification",
  ].map((name) => ({ name, actions: ALL })),
  operator: [
    { name: "merchant", actions: ["list"] },
    { name: "overview", actions: ["list"] },
    { name: "merchant-info", actions: ["list", "show"] },
    { name: "product", actions: ["list", "show", "export"] },
    { name: "order", actions: ["list", "show", "create", "export"] },
    { name: "merchant-fund", actions: ["list"] },
    { name: "ledger", actions: ["list", "show", "export"] },
    { name: "deposit", actions: ["list", "show"] },
    { name: "export-task", actions: ["list", "show", "create", "delete"] },
    { name: "notification", actions: ["list", "edit"] },
  ],
  finance: [
    { name: "merchant", actions: ["list"] },
    { name: "overview", actions: ["list"] },
    { name: "merchant-fund", actions: ["list"] },
    { name: "ledger", actions: ["list", "show", "export"] },
    { name: "deposit", actions: ["list", "show", "create"] },
    { name: "export-task", actions: ["list", "show", "create", "delete"] },
    { name: "notification", actions: ["list", "edit"] },
  ],
};

/**
 * The spec's areas are pinned above; an area added later is held to its declaration only (its actions for the
 * role, its menu entry by menus.test), so adding one edits no test here.
 */
const SPEC_AREAS = new Set(expectedResources.admin.map((r) => r.name));
const specMenus = (menus: Menu[]): Menu[] =>
  menus.filter((m) => SPEC_AREAS.has(m.name)).map((m) => ({ ...m, children: specMenus(m.children) }));
const declared = (name: string) => (resources as readonly ResourceDeclaration[]).find((r) => r.name === name);

describe.each(engines)("GET /merchant/api/logged/info on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => closeTestApp(t));

  describe.each(["admin", "operator", "finance"] as const)("for %s", (role) => {
    it.each([EN, ZH] as Lang[])("answers the user, its grants and its menus in %s", async (lang) => {
      const m = await t.merchant({ name: `Shop of ${role}`, mfa: false });
      const user = m.users[role];
      const data = expectOk<{ resources: { name: string; actions: string[] }[]; menus: Menu[] }>(
        await call(t, "GET", INFO, { token: await t.login(user.username), lang }),
        lang,
      );
      for (const later of data.resources.filter((r) => !SPEC_AREAS.has(r.name)))
        expect(later.actions, later.name).toEqual(role === "admin" ? ALL : declared(later.name)?.access[role]);
      const specPart = {
        ...data,
        resources: data.resources.filter((r) => SPEC_AREAS.has(r.name)),
        menus: specMenus(data.menus),
      };
      expect(specPart).toEqual({
        id: user.id,
        username: user.username,
        role,
        name: user.username,
        email: user.username,
        resources: expectedResources[role],
        menus: expectedMenus(role, lang),
        mfaStatus: 0,
        merchantInfo: { merchantNo: m.merchantNo, merchantNikeName: `Shop of ${role}` },
      });
    });
  });

  it("answers each merchant's own number and name (no other merchant's)", async () => {
    const a = await t.merchant({ name: "Alpha Mobile", mfa: false });
    const b = await t.merchant({ name: "Beta Cards", mfa: false });
    const infoA = expectOk<{ merchantInfo: unknown }>(
      await call(t, "GET", INFO, { token: await t.login(a.users.operator.username) }),
    );
    const infoB = expectOk<{ merchantInfo: unknown }>(
      await call(t, "GET", INFO, { token: await t.login(b.users.operator.username) }),
    );
    expect(infoA.merchantInfo).toEqual({ merchantNo: a.merchantNo, merchantNikeName: "Alpha Mobile" });
    expect(infoB.merchantInfo).toEqual({ merchantNo: b.merchantNo, merchantNikeName: "Beta Cards" });
    expect(a.merchantNo).not.toBe(b.merchantNo);
  });

  it("answers the user's display name when it has one", async () => {
    const m = await t.merchant({ mfa: false });
    await t.deps.db.update(users).set({ name: "Lin Wei" }).where(eq(users.id, m.users.finance.id));
    const data = expectOk<{ name: string; email: string }>(
      await call(t, "GET", INFO, { token: await t.login(m.users.finance.username) }),
    );
    expect(data).toMatchObject({ name: "Lin Wei", email: m.users.finance.username });
  });

  it("answers mfaStatus 1 once MFA is bound", async () => {
    const m = await t.merchant({ mfa: false });
    const token = await t.login(m.users.admin.username);
    await bindMfa(t, token);
    expect(expectOk<{ mfaStatus: number }>(await call(t, "GET", INFO, { token })).mfaStatus).toBe(1);
  });
});
