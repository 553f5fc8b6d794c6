import { eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { ConsoleProductDetail, MessageRef, productBody } from "#contracts";
import type { Executor } from "../../db/connection";
import { attributes, brands, categories } from "../../db/schema";
import { invalid } from "../../lib/failure";
import { supplierAccounts } from "../supplier/supplier.schema";

export type ProductInput = z.output<typeof productBody>;

/**
 * What the product form's schema cannot know: the category, brand and supplier it names exist, and each attribute
 * value belongs to a known attribute and is one of its options. Every problem is a field error, all at once.
 * The rows read are share-locked, so none of them is removed or changed until the product is saved.
 */
export async function checkProductReferences(tx: Executor, body: ProductInput): Promise<void> {
  const errors: Record<string, MessageRef> = {};
  if (body.categoryId !== null) {
    const [found] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, body.categoryId))
      .for("share");
    if (!found) errors.categoryId = "console.errors.categoryNotFound";
  }
  if (body.brandId !== null) {
    const [found] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, body.brandId)).for("share");
    if (!found) errors.brandId = "console.errors.brandNotFound";
  }
  const [supplier] = await tx
    .select({ id: supplierAccounts.id })
    .from(supplierAccounts)
    .where(eq(supplierAccounts.code, body.supplier));
  if (!supplier) errors.supplier = "console.errors.supplierNotFound";

  const codes = Object.keys(body.attributes);
  const known = codes.length
    ? await tx
        .select({ code: attributes.code, options: attributes.options })
        .from(attributes)
        .where(inArray(attributes.code, codes))
        .for("share")
    : [];
  for (const [code, value] of Object.entries(body.attributes)) {
    const attribute = known.find((a) => a.code === code);
    const options = (attribute?.options ?? []) as string[];
    if (!attribute) errors[`attributes.${code}`] = "console.errors.attributeUnknown";
    else if (options.length > 0 && !options.includes(value))
      errors[`attributes.${code}`] = "console.errors.attributeValue";
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** The audit's picture of a product: small and readable (amounts as strings, SKUs one line each). */
export const auditedProduct = (p: ConsoleProductDetail) => ({
  code: p.code,
  type: p.type,
  name: p.name,
  nameZh: p.nameZh,
  status: p.status,
  supplier: p.supplier,
  category: p.categoryName,
  brand: p.brandName,
  attributes: p.attributes,
  fields: p.fields.map((f) => f.key),
  skus: p.skuList.map(
    (s) => `${s.code}: ${s.spec} ${s.faceValue} ${s.currency}${s.status === "disabled" ? " (disabled)" : ""}`,
  ),
});
