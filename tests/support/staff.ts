import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { PORTAL_BASE, pathOf } from "#contracts";
import { newTotpSecret } from "../../server/src/modules/auth/totp";
import { builtInRoleIds } from "../../server/src/modules/console/role.service";
import { staffUsers } from "../../server/src/modules/console/staff.schema";
import { createStaff } from "../../server/src/modules/console/staff.service";
import { codeFor, TEST_OPERATOR, TEST_PASSWORD, type TestApp } from "./test-app";

/** A console staff member made by a test, and the MFA secret the harness bound for it (unless asked not to). */
export interface TestStaff {
  id: number;
  username: string;
  mfaSecret?: string;
}

let counter = 0;

/** A new staff member holding these built-in roles, with MFA bound unless `mfa: false`. */
export async function staffMember(t: TestApp, roles: readonly string[], { mfa = true } = {}): Promise<TestStaff> {
  const username = `staff.${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString("hex")}@example.test`;
  const roleIds = await builtInRoleIds(t.deps, roles);
  const { member } = await createStaff(t.deps, TEST_OPERATOR, { username, name: "", roleIds, password: TEST_PASSWORD });
  const mfaSecret = mfa ? newTotpSecret() : undefined;
  if (mfaSecret)
    await t.deps.db
      .update(staffUsers)
      .set({ mfaSecret: t.deps.cipher.encrypt(mfaSecret) })
      .where(eq(staffUsers.id, member.id));
  return { id: member.id, username, ...(mfaSecret && { mfaSecret }) };
}

/** The staff member's current MFA code, usable once more (as `t.code` does for merchant users). */
export async function staffCode(t: TestApp, staff: TestStaff): Promise<string> {
  if (!staff.mfaSecret) throw new Error(`the harness bound no MFA for ${staff.username}`);
  await t.deps.db.update(staffUsers).set({ mfaLastStep: null }).where(eq(staffUsers.id, staff.id));
  return codeFor(staff.mfaSecret, t.clock.now());
}

/** Signs a staff member in to the console; answers "Bearer <token>". */
export async function staffLogin(t: TestApp, staff: TestStaff): Promise<string> {
  const captcha = staff.mfaSecret ? await staffCode(t, staff) : "";
  const res = await t.app.inject({
    method: "POST",
    url: `${PORTAL_BASE}/console/api/login`,
    payload: { username: staff.username, password: TEST_PASSWORD, captcha },
  });
  const body = res.json();
  if (body.code !== 200) throw new Error(`console login failed for ${staff.username}: ${res.body}`);
  return `${body.data.tokenHead}${body.data.token}`;
}

/** The URL of a console call, its parameters filled in. */
export const consoleUrl = (call: { path: string }, params: object = {}) => `${PORTAL_BASE}${pathOf(call, params)}`;

/** Path parameters by name that are well-formed and name nothing; an id (any other name) is 999999. */
const nothing: Record<string, string> = { orderNo: "P000000000000000000", account: "19999999999", kind: "product" };

/** Every path parameter of a call filled so that it names nothing (the permission checks answer before a lookup). */
export const absentParams = (call: { path: string }) =>
  Object.fromEntries([...call.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, nothing[name!] ?? 999_999]));
