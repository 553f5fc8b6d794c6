import { z } from "zod";
import { defineCall, idParams, inConsole } from "./calls";
import { pageOf, pageQuery } from "./envelope";
import { orderFieldDefinitions, productStatuses, productTypes } from "./product";
import { defineConsoleResource } from "./resource";

/**
 * The catalog in the console (issue 16): categories, brands and attributes to describe products by; products
 * (Topup, Login Topup, Gift Card) with their SKUs and order input fields, edited in one form; and a recycle bin.
 * Deleting a product or a SKU moves it to the bin (merchants no longer see or order it) and it can be restored;
 * only what no order refers to can be purged from the bin. The JSON import and export exchange the same products.
 */

const text = (max: number) => z.string("validation.invalidType").trim().max(max, "validation.tooLong");
const required = (max: number) =>
  z.string("validation.required").trim().min(1, "validation.required").max(max, "validation.tooLong");
const sort = z.number("validation.invalidType").int("validation.wholeNumber").min(-9999).max(9999).default(0);
/** Codes are stable: orders, callbacks, routes and the import file name products and SKUs by them. */
const code = z
  .string("validation.required")
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, "console-catalog.errors.code");
const imageUrl = text(500)
  .refine((v) => v === "" || v.startsWith("/") || /^https?:\/\/\S+$/.test(v), "console-catalog.errors.imageUrl")
  .default("");

export const category = z.object({
  id: z.number(),
  name: z.string(),
  nameZh: z.string(),
  sort: z.number(),
  /** Live products in it. */
  products: z.number(),
});
export type Category = z.infer<typeof category>;
export const categoryBody = z.object({ name: required(100), nameZh: text(100).default(""), sort });
export type CategoryBody = z.input<typeof categoryBody>;

export const brand = category.extend({ logoUrl: z.string() });
export type Brand = z.infer<typeof brand>;
export const brandBody = categoryBody.extend({ logoUrl: imageUrl });
export type BrandBody = z.input<typeof brandBody>;

export const attribute = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  nameZh: z.string(),
  /** The values a product may take; empty = any text. */
  options: z.array(z.string()),
  sort: z.number(),
  products: z.number(),
});
export type Attribute = z.infer<typeof attribute>;
export const attributeBody = z.object({
  code: z
    .string("validation.required")
    .trim()
    .regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/, "console-catalog.errors.attributeCode"),
  name: required(100),
  nameZh: text(100).default(""),
  options: z
    .array(required(100))
    .max(100, "validation.tooLong")
    .refine((o) => new Set(o).size === o.length, "console-catalog.errors.optionTwice")
    .default([]),
  sort,
});
export type AttributeBody = z.input<typeof attributeBody>;

export const consoleSku = z.object({
  id: z.number(),
  code: z.string(),
  spec: z.string(),
  faceValue: z.string(),
  currency: z.string(),
  status: z.enum(productStatuses),
  sort: z.number(),
});
export type ConsoleSku = z.infer<typeof consoleSku>;

/** A product as the console's list shows it. */
export const consoleProduct = z.object({
  id: z.number(),
  code: z.string(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  name: z.string(),
  nameZh: z.string(),
  status: z.enum(productStatuses),
  imageUrl: z.string(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  brandId: z.number().nullable(),
  brandName: z.string().nullable(),
  /** Its default supplier's code (used for a SKU without routes). */
  supplier: z.string(),
  /** Live SKUs (enabled or not). */
  skus: z.number(),
  sort: z.number(),
  updateTime: z.string(),
});
export type ConsoleProduct = z.infer<typeof consoleProduct>;

/** Everything the product form edits; `fields` are the stored definitions (both languages). */
export const consoleProductDetail = consoleProduct.extend({
  description: z.string(),
  descriptionZh: z.string(),
  deadlineSeconds: z.number(),
  attributes: z.record(z.string(), z.string()),
  fields: orderFieldDefinitions,
  /** Its live SKUs; deleted ones are in the recycle bin. */
  skuList: z.array(consoleSku),
});
export type ConsoleProductDetail = z.infer<typeof consoleProductDetail>;

export const consoleProductQuery = pageQuery.extend({
  /** Part of a code or a name (English or Chinese). */
  keyword: text(100).optional(),
  type: z.coerce
    .number("validation.invalidType")
    .refine((v) => (productTypes as readonly number[]).includes(v), "validation.productType")
    .optional(),
  status: z.enum(productStatuses, "validation.invalidType").optional(),
  categoryId: z.coerce.number("validation.invalidType").int().positive().optional(),
  brandId: z.coerce.number("validation.invalidType").int().positive().optional(),
});

const skuBody = z.object({
  code,
  spec: required(100),
  faceValue: z
    .string("validation.required")
    .trim()
    .regex(/^\d{1,13}(\.\d{1,4})?$/, "validation.amount")
    .refine((v) => Number(v) > 0, "validation.amount"),
  currency: z
    .string("validation.required")
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "validation.currency"),
  status: z.enum(productStatuses, "validation.option").default("enabled"),
  sort,
});

/**
 * A product saved whole. SKUs are matched by code: a new code adds a SKU, a SKU of the product missing from the
 * list goes to the recycle bin (a SKU in the bin with a listed code is restored).
 */
export const productBody = z.object({
  code,
  type: z.literal(productTypes, "validation.productType"),
  name: required(200),
  nameZh: text(200).default(""),
  description: text(2000).default(""),
  descriptionZh: text(2000).default(""),
  imageUrl,
  status: z.enum(productStatuses, "validation.option").default("enabled"),
  deadlineSeconds: z
    .number("validation.invalidType")
    .int("validation.wholeNumber")
    .min(30, "console-catalog.errors.deadline")
    .max(7 * 86_400, "console-catalog.errors.deadline")
    .default(600),
  /** A supplier account's code (suppliers in the console). */
  supplier: z
    .string("validation.required")
    .trim()
    .regex(/^[a-z][a-z0-9-]{0,39}$/, "console.errors.supplierCode")
    .default("simulator"),
  sort,
  categoryId: idParams.shape.id.nullable().default(null),
  brandId: idParams.shape.id.nullable().default(null),
  /** { attribute code: value }; a value must be one of the attribute's options when it has any. */
  attributes: z.record(z.string(), required(200)).default({}),
  fields: orderFieldDefinitions,
  skus: z
    .array(skuBody)
    .min(1, "console-catalog.errors.noSku")
    .max(200, "validation.tooLong")
    .refine((s) => new Set(s.map((x) => x.code)).size === s.length, "console-catalog.errors.skuCodeTwice"),
});
export type ProductBody = z.input<typeof productBody>;

export const binKinds = ["product", "sku"] as const;
export type BinKind = (typeof binKinds)[number];

/** A deleted product (with its SKUs) or a deleted SKU of a live product. */
export const binEntry = z.object({
  kind: z.enum(binKinds),
  id: z.number(),
  productCode: z.string(),
  productName: z.string(),
  /** The SKU's (null for a product). */
  skuCode: z.string().nullable(),
  spec: z.string().nullable(),
  deleteTime: z.string(),
  /** Orders that refer to it: purging is refused while there are any. */
  orders: z.number(),
});
export type BinEntry = z.infer<typeof binEntry>;

export const binParams = z.object({ kind: z.enum(binKinds, "validation.option"), id: idParams.shape.id });

/** The JSON import/export document (docs/catalog-import.md): what `product:import` reads and export writes. */
export const catalogDocument = z.object({ products: z.array(z.unknown()) });
export const catalogImportReport = z.object({
  products: z.object({ created: z.number(), updated: z.number() }),
  skus: z.object({ created: z.number(), updated: z.number(), disabled: z.number() }),
});

const catalog = { resource: "catalog" } as const;

/** Calls answering the short lists whole (categories, brands, attributes), and their writes. */
function shortList<T extends z.ZodType, B extends z.ZodType>(path: string, item: T, body: B) {
  return {
    list: defineCall({
      ...inConsole,
      method: "GET",
      path,
      access: { ...catalog, action: "list" },
      answer: z.array(item),
    }),
    create: defineCall({
      ...inConsole,
      method: "POST",
      path,
      access: { ...catalog, action: "create" },
      body,
      answer: item,
    }),
    update: defineCall({
      ...inConsole,
      method: "PUT",
      path: `${path}/:id`,
      access: { ...catalog, action: "edit" },
      params: idParams,
      body,
      answer: item,
    }),
    /** Refused while a product (live or in the bin) uses it. */
    remove: defineCall({
      ...inConsole,
      method: "DELETE",
      path: `${path}/:id`,
      access: { ...catalog, action: "delete" },
      params: idParams,
      answer: z.null(),
    }),
  };
}

export const catalogCalls = {
  categories: shortList("/console/api/catalog/categories", category, categoryBody),
  brands: shortList("/console/api/catalog/brands", brand, brandBody),
  attributes: shortList("/console/api/catalog/attributes", attribute, attributeBody),
  products: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/catalog/products",
    access: { ...catalog, action: "list" },
    query: consoleProductQuery,
    answer: pageOf(consoleProduct),
  }),
  product: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/catalog/products/:id",
    access: { ...catalog, action: "show" },
    params: idParams,
    answer: consoleProductDetail,
  }),
  createProduct: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/catalog/products",
    access: { ...catalog, action: "create" },
    body: productBody,
    answer: consoleProductDetail,
  }),
  updateProduct: defineCall({
    ...inConsole,
    method: "PUT",
    path: "/console/api/catalog/products/:id",
    access: { ...catalog, action: "edit" },
    params: idParams,
    body: productBody,
    answer: consoleProductDetail,
  }),
  /** Moves the product (and so its SKUs) to the recycle bin. */
  deleteProduct: defineCall({
    ...inConsole,
    method: "DELETE",
    path: "/console/api/catalog/products/:id",
    access: { ...catalog, action: "delete" },
    params: idParams,
    answer: z.null(),
  }),
  bin: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/catalog/bin",
    access: { ...catalog, action: "list" },
    query: pageQuery,
    answer: pageOf(binEntry),
  }),
  /** Takes a product or a SKU out of the bin, as it was (a SKU of a product still in the bin cannot be). */
  restore: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/catalog/bin/:kind/:id/restore",
    access: { ...catalog, action: "delete" },
    params: binParams,
    answer: z.null(),
  }),
  /** Deletes for good what is in the bin and no order refers to; refused otherwise. */
  purge: defineCall({
    ...inConsole,
    method: "DELETE",
    path: "/console/api/catalog/bin/:kind/:id",
    access: { ...catalog, action: "delete" },
    params: binParams,
    stepUp: true,
    answer: z.null(),
  }),
  /** The live catalog as the import document (docs/catalog-import.md). */
  exportDocument: defineCall({
    ...inConsole,
    method: "GET",
    path: "/console/api/catalog/export",
    access: { ...catalog, action: "list" },
    answer: catalogDocument,
  }),
  importDocument: defineCall({
    ...inConsole,
    method: "POST",
    path: "/console/api/catalog/import",
    access: { ...catalog, action: "create" },
    body: catalogDocument,
    bodyLimit: 10 * 1024 * 1024,
    answer: catalogImportReport,
  }),
};

export const consoleCatalogResource = defineConsoleResource({
  name: "catalog",
  path: "/console/catalog",
  sort: 78,
  icon: "product",
  actions: ["list", "show", "create", "edit", "delete"],
  calls: {
    list: catalogCalls.products,
    one: catalogCalls.product,
    create: catalogCalls.createProduct,
    update: catalogCalls.updateProduct,
  },
});
