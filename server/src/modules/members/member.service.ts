import { asc, count, eq } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import type { MemberItem, Page, PageQuery } from "../../contracts";
import { fetchPage } from "../../db/paging";
import { users } from "../../db/schema";

export async function listMembers(deps: AppDeps, merchantId: number, page: PageQuery): Promise<Page<MemberItem>> {
  const where = eq(users.merchantId, merchantId);
  return fetchPage(
    page,
    {
      rows: (limit, offset) =>
        deps.db.select().from(users).where(where).orderBy(asc(users.id)).limit(limit).offset(offset),
      total: () => deps.db.select({ n: count() }).from(users).where(where),
    },
    (u): MemberItem => ({
      id: u.id,
      username: u.username,
      name: u.name || u.username,
      email: u.username,
      phone: u.phone,
      role: u.role,
      mfaStatus: u.mfaSecret ? 1 : 0,
      enabled: u.enabled,
      remark: u.remark,
      createTime: u.createdAt.toISOString(),
      lastLoginTime: u.lastLoginAt?.toISOString() ?? null,
    }),
  );
}
