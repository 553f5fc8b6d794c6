import {
  type ConsoleProductDetail,
  editableProductFields,
  editableSkuFields,
  type FieldKind,
  type LocalizedText,
  type OrderFieldDefinition,
  type ProductBody,
  type ProductStatus,
  type ProductType,
} from "#contracts";

/**
 * The product form's values. They have the request body's shape, so a server field error (`skus.2.code`,
 * `fields.0.label.zh-CN`) names the form field it belongs to; only what a form holds differently is loosened: an
 * optional text is "" rather than absent, a cleared number is null.
 */
export interface OrderFieldValues {
  key?: string;
  label?: Partial<LocalizedText>;
  kind?: FieldKind;
  required?: boolean;
  primaryKey?: boolean;
  group?: Partial<LocalizedText>;
  pattern?: string;
  minLength?: number | null;
  maxLength?: number | null;
  options?: { value?: string; label?: Partial<LocalizedText> }[];
}

export interface SkuValues {
  code?: string;
  spec?: string;
  faceValue?: string;
  currency?: string;
  status?: ProductStatus;
  sort?: number | null;
}

export interface ProductValues {
  code?: string;
  type?: ProductType;
  name?: string;
  nameZh?: string;
  description?: string;
  descriptionZh?: string;
  imageUrl?: string;
  status?: ProductStatus;
  deadlineSeconds?: number | null;
  supplier?: string;
  sort?: number | null;
  categoryId?: number | null;
  brandId?: number | null;
  attributes?: Record<string, string | undefined>;
  fields?: OrderFieldValues[];
  skus?: SkuValues[];
}

/** What a new field row starts as: required text, the primary key when it is the first. */
export const newField = (primaryKey: boolean): OrderFieldValues => ({
  kind: "text",
  required: true,
  primaryKey,
  maxLength: 200,
  label: {},
  group: {},
});

export const newSku = (currency = ""): SkuValues => ({ status: "enabled", sort: 0, currency });

/** A new product: a top-up sold by the built-in simulator, one SKU and its recharge account to fill in. */
export const newProduct = (): ProductValues => ({
  type: 1,
  status: "enabled",
  deadlineSeconds: 600,
  supplier: "simulator",
  sort: 0,
  categoryId: null,
  brandId: null,
  attributes: {},
  fields: [newField(true)],
  skus: [newSku()],
});

export function productValues(p: ConsoleProductDetail): ProductValues {
  return {
    ...editableProductFields(p),
    categoryId: p.categoryId,
    brandId: p.brandId,
    attributes: { ...p.attributes },
    fields: p.fields.map((f) => ({
      ...f,
      group: f.group ?? {},
      pattern: f.pattern ?? "",
      minLength: f.minLength ?? null,
      options: f.options ?? [],
    })),
    skus: p.skuList.map(editableSkuFields),
  };
}

const trimmed = (text: Partial<LocalizedText> | undefined): LocalizedText => ({
  "en-US": text?.["en-US"]?.trim() ?? "",
  "zh-CN": text?.["zh-CN"]?.trim() ?? "",
});

/** A field as stored: the optional parts left out when empty, options only for a choice. */
function fieldBody(f: OrderFieldValues): OrderFieldDefinition {
  const group = trimmed(f.group);
  const pattern = f.pattern?.trim() ?? "";
  return {
    key: f.key?.trim() ?? "",
    label: trimmed(f.label),
    kind: f.kind ?? "text",
    required: f.required ?? true,
    primaryKey: f.primaryKey ?? false,
    ...((group["en-US"] || group["zh-CN"]) && { group }),
    ...(pattern && { pattern }),
    ...(f.minLength !== null && f.minLength !== undefined && { minLength: f.minLength }),
    maxLength: f.maxLength ?? 200,
    ...(f.kind === "select" && {
      options: (f.options ?? []).map((o) => ({ value: o.value?.trim() ?? "", label: trimmed(o.label) })),
    }),
  };
}

/** The request body; the server checks it again and answers field errors by these paths. */
export function productBody(v: ProductValues): ProductBody {
  return {
    code: v.code ?? "",
    type: v.type ?? 1,
    name: v.name ?? "",
    nameZh: v.nameZh ?? "",
    description: v.description ?? "",
    descriptionZh: v.descriptionZh ?? "",
    imageUrl: v.imageUrl?.trim() ?? "",
    status: v.status ?? "enabled",
    deadlineSeconds: v.deadlineSeconds ?? 600,
    supplier: v.supplier?.trim() ?? "",
    sort: v.sort ?? 0,
    categoryId: v.categoryId ?? null,
    brandId: v.brandId ?? null,
    // An attribute left empty is not set for this product.
    attributes: Object.fromEntries(
      Object.entries(v.attributes ?? {})
        .map(([code, value]) => [code, value?.trim() ?? ""] as const)
        .filter(([, value]) => value !== ""),
    ),
    fields: (v.fields ?? []).map(fieldBody),
    skus: (v.skus ?? []).map((s) => ({
      code: s.code?.trim() ?? "",
      spec: s.spec ?? "",
      faceValue: s.faceValue?.trim() ?? "",
      currency: s.currency?.trim().toUpperCase() ?? "",
      status: s.status ?? "enabled",
      sort: s.sort ?? 0,
    })),
  };
}
