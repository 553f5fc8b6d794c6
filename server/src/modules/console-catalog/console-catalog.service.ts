import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  ConsoleProduct,
  ConsoleProductDetail,
  consoleProductQuery,
  OrderFieldDefinition,
  Page,
  ProductType,
} from "#contracts";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/connection";
import { containing } from "../../db/like";
import { fetchPage } from "../../db/paging";
import { unlessTaken } from "../../db/raw";
import { brands, categories, productSkus, products } from "../../db/schema";
import { fail } from "../../lib/failure";
import type { StaffContext } from "../auth/auth-context";
import { auditCatalog, changeAudited } from "./console-catalog-common";
import { auditedProduct, checkProductReferences, type ProductInput } from "./console-catalog-product-checks";

/**
 * Products in the console: the live catalog (what is in the recycle bin is listed by
 * console-catalog-bin.service.ts), each saved whole with its SKUs. SKUs are matched by code: a new code adds one, a
 * live SKU missing from the body goes to the bin, a binned SKU listed again comes back with the values given. Every
 * write is audited before and after.
 */
const listed = {
  id: products.id,
  code: products.code,
  type: products.type,
  name: products.name,
  nameZh: products.nameZh,
  status: products.status,
  imageUrl: products.imageUrl,
  categoryId: products.categoryId,
  categoryName: categories.name,
  brandId: products.brandId,
  brandName: brands.name,
  supplier: products.supplier,
  skus: sql<number>`(select count(*) from ${productSkus}
    where ${productSkus.productId} = ${products.id} and ${productSkus.deletedAt} is null)::int`,
  sort: products.sort,
  updatedAt: products.updatedAt,
};
type ListedRow = Omit<ConsoleProduct, "type" | "updateTime"> & { type: number; updatedAt: Date };

const toProduct = ({ updatedAt, type, ...row }: ListedRow): ConsoleProduct => ({
  ...row,
  type: type as ProductType,
  updateTime: updatedAt.toISOString(),
});

export async function listConsoleProducts(
  deps: AppDeps,
  query: z.output<typeof consoleProductQuery>,
): Promise<Page<ConsoleProduct>> {
  const keyword = query.keyword ? containing(query.keyword) : null;
  const where: SQL | undefined = and(
    isNull(products.deletedAt),
    keyword
      ? or(ilike(products.code, keyword), ilike(products.name, keyword), ilike(products.nameZh, keyword))
      : undefined,
    query.type !== undefined ? eq(products.type, query.type) : undefined,
    query.status ? eq(products.status, query.status) : undefined,
    query.categoryId ? eq(products.categoryId, query.categoryId) : undefined,
    query.brandId ? eq(products.brandId, query.brandId) : undefined,
  );
  return fetchPage(
    query,
    {
      rows: (limit, offset) =>
        deps.db
          .select(listed)
          .from(products)
          .leftJoin(categories, eq(categories.id, products.categoryId))
          .leftJoin(brands, eq(brands.id, products.brandId))
          .where(where)
          .orderBy(desc(products.sort), asc(products.id))
          .limit(limit)
          .offset(offset),
      total: () => deps.db.select({ n: count() }).from(products).where(where),
    },
    toProduct,
  );
}

/** A live product with everything its form edits. */
export async function getConsoleProduct(tx: Executor, id: number): Promise<ConsoleProductDetail> {
  const [row] = await tx
    .select({
      ...listed,
      description: products.description,
      descriptionZh: products.descriptionZh,
      deadlineSeconds: products.deadlineSeconds,
      attributes: products.attributes,
      fields: products.fields,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  if (!row) throw fail("productNotFound");
  const skuList = await tx
    .select({
      id: productSkus.id,
      code: productSkus.code,
      spec: productSkus.spec,
      faceValue: productSkus.faceValue,
      currency: productSkus.currency,
      status: productSkus.status,
      sort: productSkus.sort,
    })
    .from(productSkus)
    .where(and(eq(productSkus.productId, id), isNull(productSkus.deletedAt)))
    .orderBy(desc(productSkus.sort), asc(productSkus.id));
  const { description, descriptionZh, deadlineSeconds, attributes, fields, ...rest } = row;
  return {
    ...toProduct(rest),
    description,
    descriptionZh,
    deadlineSeconds,
    attributes: attributes as Record<string, string>,
    fields: fields as OrderFieldDefinition[],
    skuList,
  };
}

/** The product row's columns from the form (its SKUs are saved apart). */
const productColumns = ({ skus: _, ...body }: ProductInput) => body;

export function createProduct(deps: AppDeps, staff: StaffContext, body: ProductInput): Promise<ConsoleProductDetail> {
  return unlessTaken(
    () =>
      deps.db.transaction(async (tx) => {
        await checkProductReferences(tx, body);
        const now = deps.clock.now();
        const [row] = await tx
          .insert(products)
          .values({ ...productColumns(body), createdAt: now, updatedAt: now })
          .returning({ id: products.id });
        await tx.insert(productSkus).values(body.skus.map((s) => ({ ...s, productId: row!.id })));
        const created = await getConsoleProduct(tx, row!.id);
        await auditCatalog(deps, tx, staff, {
          action: "catalog.created",
          target: { kind: "product", id: created.code },
          after: auditedProduct(created),
        });
        return created;
      }),
    () => fail("productCodeTaken"),
  );
}

/**
 * A product's code is fixed once created: orders, SKU routes, callbacks (`productCode`) and the import file all
 * name the product by it, and an import by the old code would bring back a second product. A new code is a new
 * product (the old one can go to the bin).
 */
export function updateProduct(
  deps: AppDeps,
  staff: StaffContext,
  id: number,
  body: ProductInput,
): Promise<ConsoleProductDetail> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ code: products.code })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .for("update");
    if (!current) throw fail("productNotFound");
    if (current.code !== body.code) throw fail("productCodeFixed");
    await checkProductReferences(tx, body);
    return changeAudited(deps, tx, staff, {
      read: () => getConsoleProduct(tx, id),
      write: async () => {
        const now = deps.clock.now();
        await tx
          .update(products)
          .set({ ...productColumns(body), updatedAt: now })
          .where(eq(products.id, id));
        await saveSkus(tx, id, body.skus, now);
      },
      target: (product) => ({ kind: "product", id: product.code }),
      audited: auditedProduct,
    });
  });
}

/** SKUs by code: updated (and out of the bin), added, or binned when missing from the list. */
async function saveSkus(tx: Executor, productId: number, skus: ProductInput["skus"], now: Date) {
  const stored = await tx.select().from(productSkus).where(eq(productSkus.productId, productId));
  const added = skus.filter((s) => !stored.some((row) => row.code === s.code));
  for (const sku of skus) {
    const row = stored.find((r) => r.code === sku.code);
    if (row)
      await tx
        .update(productSkus)
        .set({ ...sku, deletedAt: null })
        .where(eq(productSkus.id, row.id));
  }
  if (added.length > 0) await tx.insert(productSkus).values(added.map((s) => ({ ...s, productId })));
  const missing = stored.filter((row) => row.deletedAt === null && !skus.some((s) => s.code === row.code));
  if (missing.length > 0)
    await tx
      .update(productSkus)
      .set({ deletedAt: now })
      .where(
        inArray(
          productSkus.id,
          missing.map((row) => row.id),
        ),
      );
}
