import { z } from "zod";
import { defineCall, idParams } from "./calls";
import { pageOf, pageQuery } from "./envelope";
import { defineResource } from "./resource";

/** 1 Topup, 2 Login Topup, 3 Gift Card (spec §3, by label order). */
export const productTypes = [1, 2, 3] as const;
export type ProductType = (typeof productTypes)[number];
export const ProductType = { topup: 1, loginTopup: 2, giftCard: 3 } as const;

export const productStatuses = ["enabled", "disabled"] as const;
export type ProductStatus = (typeof productStatuses)[number];

/** Input kinds of an order field; a secret is encrypted at rest and never shown again after submission. */
export const fieldKinds = ["text", "number", "select", "secret"] as const;
export type FieldKind = (typeof fieldKinds)[number];

/** A text in both catalog languages (order field labels, groups, options). */
export const localizedText = z.object({
  "en-US": z.string("validation.required").trim().min(1, "validation.required").max(200, "validation.tooLong"),
  "zh-CN": z.string("validation.required").trim().min(1, "validation.required").max(200, "validation.tooLong"),
});
export type LocalizedText = z.infer<typeof localizedText>;

const isRegExp = (pattern: string) => {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
};

/**
 * One order input field as the catalog stores it (the operator CLI imports these from JSON). The portal and
 * Open API answer the `OrderField` form below, in the caller's language.
 */
export const orderFieldDefinition = z
  .object({
    key: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/, "validation.fieldKey"),
    label: localizedText,
    kind: z.enum(fieldKinds),
    required: z.boolean().default(true),
    /** The field that identifies the account being recharged (shown as "recharge account"). */
    primaryKey: z.boolean().default(false),
    group: localizedText.optional(),
    /** A regular expression the whole value must match (anchored when checked). */
    pattern: z.string().min(1).refine(isRegExp, "validation.fieldPattern").optional(),
    minLength: z.number().int().min(0).max(1000).optional(),
    maxLength: z.number().int().min(1).max(1000).default(200),
    options: z
      .array(z.object({ value: z.string().min(1), label: localizedText }))
      .min(1)
      .optional(),
  })
  .refine((f) => (f.kind === "select") === (f.options !== undefined), {
    message: "validation.fieldOptions",
    path: ["options"],
  })
  .refine((f) => !(f.primaryKey && (f.kind === "secret" || !f.required)), {
    message: "validation.fieldPrimaryKey",
    path: ["primaryKey"],
  })
  .refine((f) => f.minLength === undefined || f.minLength <= f.maxLength, {
    message: "validation.fieldLengths",
    path: ["minLength"],
  });
export type OrderFieldDefinition = z.infer<typeof orderFieldDefinition>;

/** A product's fields: unique keys and exactly one primary-key field. */
export const orderFieldDefinitions = z
  .array(orderFieldDefinition)
  .min(1, "validation.fieldsRequired")
  .refine((fields) => new Set(fields.map((f) => f.key)).size === fields.length, "validation.fieldKeysUnique")
  .refine((fields) => fields.filter((f) => f.primaryKey).length === 1, "validation.onePrimaryKey");

/** An order field as the API answers it: texts in the caller's language. */
export const orderField = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(fieldKinds),
  required: z.boolean(),
  primaryKey: z.boolean(),
  group: z.string(),
  pattern: z.string().nullable(),
  minLength: z.number().nullable(),
  maxLength: z.number(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).nullable(),
});
export type OrderField = z.infer<typeof orderField>;

export const productSku = z.object({
  id: z.number(),
  /** The SKU's code within its product, the same one callbacks name (`skuCode`). */
  code: z.string(),
  spec: z.string(),
  faceValue: z.string(),
  currency: z.string(),
  /** This merchant's order price in its balance currency; null = not orderable by this merchant. */
  price: z.string().nullable(),
  priceCurrency: z.string(),
  orderable: z.boolean(),
});
export type ProductSku = z.infer<typeof productSku>;

export const product = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  status: z.enum(productStatuses),
  imageUrl: z.string(),
  description: z.string(),
  /** An order still Processing this many seconds after it was placed fails and is refunded. */
  deadlineSeconds: z.number(),
  skus: z.array(productSku),
  fields: z.array(orderField),
});
export type Product = z.infer<typeof product>;

/** What staff edit of a product, in the order the product form and the catalog file both hold it. */
interface EditableProduct {
  code: string;
  type: number;
  name: string;
  nameZh: string;
  description: string;
  descriptionZh: string;
  imageUrl: string;
  status: ProductStatus;
  deadlineSeconds: number;
  supplier: string;
  sort: number;
}

/** A product's edited fields alone: the console's form and the catalog export start from the same ones. */
export const editableProductFields = <P extends EditableProduct>(p: P): Pick<P, keyof EditableProduct> => ({
  code: p.code,
  type: p.type,
  name: p.name,
  nameZh: p.nameZh,
  description: p.description,
  descriptionZh: p.descriptionZh,
  imageUrl: p.imageUrl,
  status: p.status,
  deadlineSeconds: p.deadlineSeconds,
  supplier: p.supplier,
  sort: p.sort,
});

/** A SKU's edited fields alone (the form's and the catalog file's). */
export const editableSkuFields = (s: {
  code: string;
  spec: string;
  faceValue: string;
  currency: string;
  status: ProductStatus;
  sort: number;
}) => ({ code: s.code, spec: s.spec, faceValue: s.faceValue, currency: s.currency, status: s.status, sort: s.sort });

export const productListQuery = z.object({
  name: z.string().trim().max(100, "validation.tooLong").optional(),
  type: z.coerce
    .number("validation.invalidType")
    .refine((v) => (productTypes as readonly number[]).includes(v), "validation.productType")
    .optional(),
  status: z.enum(productStatuses, "validation.invalidType").optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const productCalls = {
  list: defineCall({
    method: "GET",
    path: "/merchant/api/product/list",
    access: { resource: "product", action: "list" },
    tag: "product",
    query: pageQuery.extend(productListQuery.shape),
    answer: pageOf(product),
  }),
  one: defineCall({
    method: "GET",
    path: "/merchant/api/product/:id",
    access: { resource: "product", action: "show" },
    tag: "product",
    params: idParams,
    answer: product,
  }),
};

export const productResource = defineResource({
  name: "product",
  parent: "merchant",
  path: "/merchant/product",
  sort: 20,
  icon: "product",
  access: { operator: ["list", "show", "export"] },
  calls: productCalls,
});
