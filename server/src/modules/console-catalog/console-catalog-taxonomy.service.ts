import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Brand, brandBody, Category, categoryBody } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { unlessTaken } from "../../db/raw";
import { brands, categories, products } from "../../db/schema";
import { fail } from "../../lib/failure";
import type { StaffContext } from "../auth/auth-context";
import { auditCatalog, changeAudited } from "./console-catalog-common";

/**
 * Categories and brands: short lists products are grouped by (a product has at most one of each), answered whole
 * with their live products counted. One is removed only when no product refers to it, the bin's included: a
 * restored product must find what it was filed under (the foreign key would refuse the delete anyway).
 */
type Kind = "category" | "brand";
type Body = z.output<typeof brandBody> | z.output<typeof categoryBody>;

const kinds = {
  category: {
    table: categories,
    column: products.categoryId,
    notFound: "categoryNotFound",
    taken: "categoryNameTaken",
    inUse: "categoryInUse",
  },
  brand: {
    table: brands,
    column: products.brandId,
    notFound: "brandNotFound",
    taken: "brandNameTaken",
    inUse: "brandInUse",
  },
} as const;

type Item<K extends Kind> = K extends "brand" ? Brand : Category;

async function rows<K extends Kind>(tx: Executor, kind: K, id?: number): Promise<Item<K>[]> {
  // Typed as categories': a brand's row is the same with its logo, which `toItem` keeps.
  const table = kinds[kind].table as typeof categories;
  const column = kinds[kind].column;
  const found = await tx
    .select({ row: table, products: count(products.id) })
    .from(table)
    .leftJoin(products, and(eq(column, table.id), isNull(products.deletedAt)))
    .where(id === undefined ? undefined : eq(table.id, id))
    .groupBy(table.id)
    .orderBy(desc(table.sort), asc(table.id));
  return found.map(({ row, products }) => {
    const { createdAt: _, ...item } = row as typeof row & { logoUrl?: string };
    return { ...item, products } as Item<K>;
  });
}

export const listNamed = <K extends Kind>(deps: AppDeps, kind: K) => rows(deps.db, kind);

async function one<K extends Kind>(tx: Executor, kind: K, id: number): Promise<Item<K>> {
  const [item] = await rows(tx, kind, id);
  if (!item) throw fail(kinds[kind].notFound);
  return item;
}

const audited = ({ id: _, products: __, ...item }: Category | Brand) => item;

export async function createNamed<K extends Kind>(deps: AppDeps, staff: StaffContext, kind: K, body: Body) {
  const table = kinds[kind].table as typeof categories;
  return unlessTaken(
    () =>
      deps.db.transaction(async (tx) => {
        const [row] = await tx.insert(table).values(body).returning({ id: table.id });
        const item = await one(tx, kind, row!.id);
        await auditCatalog(deps, tx, staff, {
          action: "catalog.created",
          target: { kind, id: item.name },
          after: audited(item),
        });
        return item;
      }),
    () => fail(kinds[kind].taken, { name: body.name }),
  );
}

export async function updateNamed<K extends Kind>(deps: AppDeps, staff: StaffContext, kind: K, id: number, body: Body) {
  const table = kinds[kind].table as typeof categories;
  return unlessTaken(
    () =>
      deps.db.transaction(async (tx) => {
        return changeAudited(deps, tx, staff, {
          read: () => one(tx, kind, id),
          write: () => tx.update(table).set(body).where(eq(table.id, id)),
          target: (item) => ({ kind, id: item.name }),
          audited,
        });
      }),
    () => fail(kinds[kind].taken, { name: body.name }),
  );
}

export async function removeNamed(deps: AppDeps, staff: StaffContext, kind: Kind, id: number): Promise<null> {
  const { table, column } = kinds[kind] as { table: typeof categories; column: typeof products.categoryId };
  return deps.db.transaction(async (tx) => {
    // Locked: a product saved meanwhile with this one either comes first (and is counted) or waits and fails.
    const [locked] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for("update");
    if (!locked) throw fail(kinds[kind].notFound);
    const item = await one(tx, kind, id);
    const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(products).where(eq(column, id));
    if ((used?.n ?? 0) > 0) throw fail(kinds[kind].inUse);
    await tx.delete(table).where(eq(table.id, id));
    await auditCatalog(deps, tx, staff, {
      action: "catalog.deleted",
      target: { kind, id: item.name },
      before: audited(item),
    });
    return null;
  });
}
