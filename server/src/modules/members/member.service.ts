import { asc, count, eq } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import type { MemberItem, Page, PageQuery } from "../../contracts";
import { users } from "../../db/schema";

export async function listMembers(deps: AppDeps, merchantId: number, page: PageQuery): Promise<Page<MemberItem>> {
  const where = eq(users.merchantId, merchantId);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    deps.db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    list: rows.map((u) => ({
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
    })),
  };
}
