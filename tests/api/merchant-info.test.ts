import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants } from "../../server/src/db/schema";
import {
  call,
  closeTestApp,
  EN,
  expectFailure,
  expectFieldErrors,
  expectNoInternals,
  expectOk,
  type Lang,
  M,
  MERCHANT_INFO,
  ZH,
} from "../support/api-helpers";
import { startTestApp, type TestApp, type TestMerchant } from "../support/test-app";
import { engines } from "../support/test-db";

const fresh = (m: TestMerchant, name: string) => ({
  merchantNo: m.merchantNo,
  merchantName: name,
  companyName: "",
  contactPerson: "",
  contactPhone: "",
  contactEmail: "",
  status: "enabled",
  website: "",
  balance: "0.0000",
  currency: "USD",
});

const update = {
  merchantName: "Renamed Shop",
  contactPerson: "Chen Jing",
  contactPhone: "+86 21 5555 0199",
  contactEmail: "ops@renamed.example",
  website: "https://renamed.example/shop",
};

describe.each(engines)("merchant information on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => closeTestApp(t));

  describe("GET /merchant/api/merchant/info", () => {
    it("answers the caller's merchant to admin and operator", async () => {
      const m = await t.merchant({ name: "Info Shop" });
      for (const role of ["admin", "operator"] as const) {
        const token = await t.login(m.users[role].username);
        expect(expectOk(await call(t, "GET", MERCHANT_INFO, { token }))).toEqual(fresh(m, "Info Shop"));
      }
    });

    it("refuses finance with 403 in both languages", async () => {
      const m = await t.merchant();
      const token = await t.login(m.users.finance.username);
      for (const lang of [EN, ZH] as Lang[]) {
        expectFailure(await call(t, "GET", MERCHANT_INFO, { token, lang }), 403, M.forbidden[lang]);
      }
    });

    it("answers the balance as an exact decimal string", async () => {
      const m = await t.merchant();
      await t.deps.db
        .update(merchants)
        .set({ balance: "12345678901234.5678" })
        .where(eq(merchants.merchantNo, m.merchantNo));
      const info = expectOk<{ balance: string }>(
        await call(t, "GET", MERCHANT_INFO, { token: await t.login(m.users.operator.username) }),
      );
      expect(info.balance).toBe("12345678901234.5678");
    });

    it("answers 401 without a session", async () => {
      expectFailure(await call(t, "GET", MERCHANT_INFO, { lang: EN }), 401, M.unauthenticated[EN]);
    });
  });

  describe("PUT /merchant/api/merchant/info", () => {
    it("lets an admin edit name, contacts and website, and answers the new information", async () => {
      const m = await t.merchant({ name: "Before" });
      const other = await t.merchant({ name: "Bystander" });
      const token = await t.login(m.users.admin.username);
      const expected = { ...fresh(m, update.merchantName), ...update };

      const res = await call(t, "PUT", MERCHANT_INFO, {
        token,
        lang: EN,
        payload: { ...update, merchantName: "  Renamed Shop " },
      });
      expect(expectOk(res, EN)).toEqual(expected);
      expect(expectOk(await call(t, "GET", MERCHANT_INFO, { token }))).toEqual(expected);
      // Tenant isolation: the other merchant is untouched.
      const outsider = await t.login(other.users.admin.username);
      expect(expectOk(await call(t, "GET", MERCHANT_INFO, { token: outsider }))).toEqual(fresh(other, "Bystander"));
    });

    it("clears optional fields left empty", async () => {
      const m = await t.merchant();
      const token = await t.login(m.users.admin.username);
      expectOk(await call(t, "PUT", MERCHANT_INFO, { token, payload: update }));
      const cleared = expectOk(
        await call(t, "PUT", MERCHANT_INFO, { token, payload: { merchantName: "Only Name", website: "" } }),
      );
      expect(cleared).toEqual(fresh(m, "Only Name"));
    });

    it("ignores fields an admin may not edit (balance, status, number, company)", async () => {
      const m = await t.merchant({ name: "Steady" });
      const token = await t.login(m.users.admin.username);
      const res = await call(t, "PUT", MERCHANT_INFO, {
        token,
        payload: {
          merchantName: "Steady",
          balance: "1000000",
          status: "disabled",
          merchantNo: "M999999",
          companyName: "X",
          currency: "EUR",
        },
      });
      expect(expectOk(res)).toEqual(fresh(m, "Steady"));
      const [row] = await t.deps.db.select().from(merchants).where(eq(merchants.merchantNo, m.merchantNo));
      expect(row).toMatchObject({ balance: "0.0000", status: "enabled", companyName: "", currency: "USD" });
    });

    it("refuses operator and finance with 403 and changes nothing", async () => {
      const m = await t.merchant({ name: "Locked" });
      for (const role of ["operator", "finance"] as const) {
        const token = await t.login(m.users[role].username);
        for (const lang of [EN, ZH] as Lang[]) {
          expectFailure(await call(t, "PUT", MERCHANT_INFO, { token, lang, payload: update }), 403, M.forbidden[lang]);
        }
      }
      const admin = await t.login(m.users.admin.username);
      expect(expectOk(await call(t, "GET", MERCHANT_INFO, { token: admin }))).toEqual(fresh(m, "Locked"));
    });

    describe.each([EN, ZH] as Lang[])("validation in %s", (lang) => {
      let token: string;
      let m: TestMerchant;
      beforeAll(async () => {
        m = await t.merchant({ name: `Valid ${lang}` });
        token = await t.login(m.users.admin.username);
      });
      const put = (payload: unknown) =>
        call(t, "PUT", MERCHANT_INFO, { token, lang, payload: payload as Record<string, unknown> });

      it.each([{ merchantName: "" }, { merchantName: "   " }, { website: "https://x.example" }])(
        "requires the merchant name (%j)",
        async (payload) => {
          expectFieldErrors(await put(payload), { merchantName: M.merchantNameRequired[lang] });
        },
      );

      it.each(["ftp://x", "not a url", "http://", "javascript:alert(1)"])("rejects the website %j", async (website) => {
        expectFieldErrors(await put({ merchantName: "Shop", website }), { website: M.urlInvalid[lang] });
      });

      it("rejects a bad e-mail address and phone number", async () => {
        expectFieldErrors(await put({ merchantName: "Shop", contactEmail: "not-an-email", contactPhone: "call me" }), {
          contactPhone: M.phoneInvalid[lang],
          contactEmail: M.emailInvalid[lang],
        });
      });

      it("rejects wrong types with a 400 envelope naming the fields", async () => {
        const res = await put({ merchantName: 123, contactPerson: ["x"], website: 7 });
        expectFieldErrors(res, {
          merchantName: M.merchantNameRequired[lang],
          contactPerson: M.invalidType[lang],
          website: M.invalidType[lang],
        });
        expectNoInternals(res);
      });

      it("rejects a name longer than 100 characters", async () => {
        expectFieldErrors(await put({ merchantName: "x".repeat(101) }), { merchantName: M.tooLong[lang] });
      });

      it("left the merchant unchanged after every refusal", async () => {
        expect(expectOk(await call(t, "GET", MERCHANT_INFO, { token }))).toEqual(fresh(m, `Valid ${lang}`));
      });
    });
  });
});
