import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestApp } from "../support/api-helpers";
import { startTestApp, type TestApp } from "../support/test-app";
import { engines } from "../support/test-db";

/** The contracts' vocabularies reach the database: a value outside them is refused there, not only in code. */
describe.each(engines)("vocabulary constraints on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => closeTestApp(t));

  const refused = async (statement: ReturnType<typeof sql>) => {
    const error = await t.database.db.execute(statement).then(
      () => null,
      (e: unknown) => e,
    );
    expect(String((error as { cause?: unknown })?.cause ?? error)).toMatch(/check constraint/i);
  };

  it("refuses a merchant status, a role and an export type that the contracts do not know", async () => {
    const { merchantNo, users } = await t.merchant();
    await refused(sql`update merchants set status = 'frozen' where merchant_no = ${merchantNo}`);
    await refused(sql`update users set role = 'root' where id = ${users.admin.id}`);
    await refused(
      sql`insert into export_tasks (merchant_id, user_id, type)
          select merchant_id, id, 'refunds' from users where id = ${users.admin.id}`,
    );
  });
});
