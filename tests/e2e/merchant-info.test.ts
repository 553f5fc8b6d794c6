import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchants } from "../../server/src/db/schema";
import { bindMfaInDialog, type E2E, problemsOf, startE2E, submitLogin } from "../support/e2e";
import { TEST_PASSWORD } from "../support/test-app";

/** Merchant Information's inline edit form (the same one-record edit form as API Settings). */
describe("merchant information from the admin's side", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  it("edits the contact details: a bad address is refused on its field, then the change is saved and shown", async () => {
    const m = await e2e.t.merchant({ mfa: false });
    const page = await e2e.newPage();
    await page.goto("/login");
    await submitLogin(page, m.users.admin.username, TEST_PASSWORD);
    await bindMfaInDialog(page, e2e);
    await page.goto("/merchant/info");

    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByLabel("Contact person").fill("Li Lei");
    await page.getByLabel("Website address").fill("not a url");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Please enter a valid URL").waitFor();

    await page.getByLabel("Website address").fill("https://shop.example.com");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Save successful!").first().waitFor();
    // Back to showing the record, with the new values.
    await page.getByText("https://shop.example.com").waitFor();
    await page.getByText("Li Lei", { exact: true }).waitFor();
    const [row] = await e2e.t.deps.db
      .select({ contactPerson: merchants.contactPerson, website: merchants.website })
      .from(merchants)
      .where(eq(merchants.merchantNo, m.merchantNo));
    expect(row).toEqual({ contactPerson: "Li Lei", website: "https://shop.example.com" });
    expect(problemsOf(page)).toEqual([]);
  });
});
