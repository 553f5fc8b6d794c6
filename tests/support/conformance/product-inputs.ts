import fc from "fast-check";
import type { JsonSchema } from "./json-schema";
import type { Mutation } from "./mutations";
import type { Operation, RequestCase } from "./operations";

/** A product's input fields as `GET /openapi/v1/products` answers them: the rules its order `inputs` follow. */
export interface ProductInputs {
  productId: number;
  skuIds: number[];
  fields: {
    key: string;
    kind: string;
    required: boolean;
    pattern: string | null;
    minLength: number | null;
    maxLength: number;
    options: { value: string }[] | null;
  }[];
}

/**
 * The one rule of a body that depends on another call's answer: an order's `inputs` are the product's `fields`
 * (docs/open-api.md: "A value must match `pattern` in full and fit `minLength`..`maxLength`"; a key the product
 * does not have is refused). It applies only where the document says so (the `inputs` schema points at the
 * products' `fields`); a document that describes `inputs` as any string or number by any key is taken at its
 * word, and the server refusing such inputs is then a document looser than the server.
 */
export function productInputsRule(operation: Operation, products: ProductInputs[]) {
  const inputs = (operation.body?.properties as Record<string, JsonSchema> | undefined)?.inputs;
  if (!inputs || products.length === 0 || !/`?fields`?/.test(String(inputs.description ?? ""))) return undefined;
  const byId = new Map(products.map((p) => [p.productId, p]));
  const withInputs = (request: RequestCase, product: ProductInputs, values: Record<string, unknown>) => ({
    ...request,
    body: { ...(request.body as object), productId: product.productId, inputs: values },
  });
  const anyProduct = fc.constantFrom(...products);

  /** Conforming requests: for a product we know, its own fields' values; any other product is left as made. */
  const refine = (request: RequestCase): fc.Arbitrary<RequestCase> => {
    const product = byId.get((request.body as { productId?: number } | undefined)?.productId ?? -1);
    if (!product) return fc.constant(request);
    // Mostly one of its own SKUs, so that orders get placed; now and then the SKU as generated.
    const sku = fc.oneof(
      { weight: 1, arbitrary: fc.constant((request.body as { skuId?: number }).skuId) },
      { weight: 3, arbitrary: fc.constantFrom(...product.skuIds) },
    );
    return fc
      .tuple(inputsOf(product), sku)
      .map(([values, skuId]) =>
        withInputs({ ...request, body: { ...(request.body as object), skuId } }, product, values),
      );
  };

  const broken: Mutation[] = [
    {
      label: "body `inputs`: a key the product does not have",
      values: fc.tuple(anyProduct, fc.stringMatching(/^[a-z][a-zA-Z]{2,10}$/)),
      examples: products.map((p) => [p, "accountt"]),
      put: (request, value) => {
        const [product, key] = value as [ProductInputs, string];
        const extra = product.fields.some((f) => f.key === key) ? `${key}x` : key;
        const values = { ...requiredValues(product), [extra]: "1" };
        return { request: withSku(withInputs(request, product, values), product), field: `inputs.${extra}` };
      },
      mustSay: { words: "that it is unknown", test: /unknown/i },
    },
    {
      label: "body `inputs`: a required field of the product missing",
      values: anyProduct.filter((p) => p.fields.some((f) => f.required)),
      examples: products.filter((p) => p.fields.some((f) => f.required)).slice(0, 1),
      put: (request, value) => {
        const product = value as ProductInputs;
        const missing = product.fields.find((f) => f.required)?.key ?? "";
        const { [missing]: _, ...values } = requiredValues(product);
        return { request: withSku(withInputs(request, product, values), product), field: `inputs.${missing}` };
      },
      mustSay: { words: "that it is required", test: /required/i },
    },
  ];
  return { refine, broken };
}

/** The product's SKU, so that the request is about the inputs alone. */
const withSku = (request: RequestCase, product: ProductInputs): RequestCase => ({
  ...request,
  body: { ...(request.body as object), skuId: product.skuIds[0] },
});

/** Values the product's fields take: the required ones always, the others now and then. */
function inputsOf(product: ProductInputs): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(product.fields.map((field) => [field.key, valuesOf(field)]));
  return fc.record(model, { requiredKeys: product.fields.filter((f) => f.required).map((f) => f.key) });
}

function requiredValues(product: ProductInputs): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of product.fields.filter((f) => f.required))
    [values[field.key]] = fc.sample(valuesOf(field), { seed: 1, numRuns: 1 });
  return values;
}

function valuesOf(field: ProductInputs["fields"][number]): fc.Arbitrary<string> {
  if (field.options) return fc.constantFrom(...field.options.map((o) => o.value));
  const min = field.minLength ?? (field.required ? 1 : 0);
  const fits = (s: string) => [...s].length >= min && [...s].length <= field.maxLength;
  if (field.pattern) return fc.stringMatching(new RegExp(`^(?:${field.pattern})$`)).filter(fits);
  // Letters and digits: what a field without a pattern takes whatever else it says (trimmed, not blank).
  const unit = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
  return fc.string({ unit, minLength: Math.max(min, 1), maxLength: Math.min(field.maxLength, 40) }).filter(fits);
}
