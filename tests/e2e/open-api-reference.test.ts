import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, problemsOf, startE2E } from "../support/e2e";

/**
 * The Open API's OpenAPI document rendered as a reference page (issue 17 §5), in a real browser under the
 * server's Content-Security-Policy: every call is listed, with the signing headers and the callbacks.
 */
describe("the Open API reference page", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  it("renders every call of the document, with nothing refused by the browser", async () => {
    const page = await e2e.newPage();
    await page.goto("/openapi/v1/reference");
    for (const summary of [
      "Place an order",
      "List your orders by last change (reconciliation)",
      "The platform public keys",
    ])
      await page.getByText(summary, { exact: true }).first().waitFor();
    await page.getByRole("button", { name: /Authorize/ }).waitFor();
    await page.getByText("order.failed", { exact: true }).first().waitFor();
    expect(problemsOf(page)).toEqual([]);
  });
});
