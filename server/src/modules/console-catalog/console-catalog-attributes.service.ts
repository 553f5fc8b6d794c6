import { and, asc, count, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Attribute, attributeBody } from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { unlessTaken } from "../../db/raw";
import { attributes, products } from "../../db/schema";
import { fail, invalid } from "../../lib/failure";
import type { StaffContext } from "../auth/auth-context";
import { auditCatalog, changeAudited } from "./console-catalog-common";

/**
 * Attributes describe products: `products.attributes` maps an attribute's code to the product's value, one of the
 * attribute's options when it has any. Products in the bin count as users: restoring one must find its values
 * still valid. So an attribute in use keeps its code, keeps the options products have, and is not removed.
 */
type Body = z.output<typeof attributeBody>;

/** The product's value of the attribute with this code (null when it has none). */
const attributeValue = (code: string | SQL) => sql<string | null>`${products.attributes} ->> ${code}`;

async function rows(tx: Executor, id?: number): Promise<Attribute[]> {
  const found = await tx
    .select({ row: attributes, products: count(products.id) })
    .from(attributes)
    .leftJoin(products, and(isNotNull(attributeValue(sql`${attributes.code}`)), isNull(products.deletedAt)))
    .where(id === undefined ? undefined : eq(attributes.id, id))
    .groupBy(attributes.id)
    .orderBy(desc(attributes.sort), asc(attributes.id));
  return found.map(({ row: { createdAt: _, options, ...row }, products }) => ({
    ...row,
    options: options as string[],
    products,
  }));
}

export const listAttributes = (deps: AppDeps) => rows(deps.db);

async function one(tx: Executor, id: number): Promise<Attribute> {
  const [item] = await rows(tx, id);
  if (!item) throw fail("attributeNotFound");
  return item;
}

/** Every product (live or in the bin) with a value of the attribute: its code and that value. */
const users = (tx: Executor, code: string) =>
  tx
    .select({ code: products.code, value: sql<string>`${attributeValue(code)}` })
    .from(products)
    .where(isNotNull(attributeValue(code)))
    .orderBy(asc(products.id));

const audited = ({ id: _, products: __, ...item }: Attribute) => item;

export function createAttribute(deps: AppDeps, staff: StaffContext, body: Body): Promise<Attribute> {
  return unlessTaken(
    () =>
      deps.db.transaction(async (tx) => {
        const [row] = await tx.insert(attributes).values(body).returning({ id: attributes.id });
        const item = await one(tx, row!.id);
        await auditCatalog(deps, tx, staff, {
          action: "catalog.created",
          target: { kind: "attribute", id: item.code },
          after: audited(item),
        });
        return item;
      }),
    () => fail("attributeCodeTaken", { code: body.code }),
  );
}

export function updateAttribute(deps: AppDeps, staff: StaffContext, id: number, body: Body): Promise<Attribute> {
  return unlessTaken(
    () =>
      deps.db.transaction(async (tx) => {
        // Locked: products saved meanwhile read the options after this change (product saves share-lock them).
        const [current] = await tx.select().from(attributes).where(eq(attributes.id, id)).for("update");
        if (!current) throw fail("attributeNotFound");
        const using = await users(tx, current.code);
        if (body.code !== current.code && using.length > 0) throw fail("attributeCodeFixed");
        const outside = body.options.length > 0 ? using.find((p) => !body.options.includes(p.value)) : undefined;
        if (outside)
          throw invalid({
            options: {
              key: "console.errors.attributeOptionInUse",
              params: { product: outside.code, value: outside.value },
            },
          });
        return changeAudited(deps, tx, staff, {
          read: () => one(tx, id),
          write: () => tx.update(attributes).set(body).where(eq(attributes.id, id)),
          target: (item) => ({ kind: "attribute", id: item.code }),
          audited,
        });
      }),
    () => fail("attributeCodeTaken", { code: body.code }),
  );
}

export function removeAttribute(deps: AppDeps, staff: StaffContext, id: number): Promise<null> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(attributes).where(eq(attributes.id, id)).for("update");
    if (!current) throw fail("attributeNotFound");
    if ((await users(tx, current.code)).length > 0) throw fail("attributeInUse");
    const before = await one(tx, id);
    await tx.delete(attributes).where(eq(attributes.id, id));
    await auditCatalog(deps, tx, staff, {
      action: "catalog.deleted",
      target: { kind: "attribute", id: before.code },
      before: audited(before),
    });
    return null;
  });
}
