import fc from "fast-check";
import { conforms, type JsonSchema, typesOf } from "./json-schema";

/**
 * Values a JSON Schema admits, as a fast-check arbitrary: the keywords the served document uses (type, enum,
 * const, pattern, minLength/maxLength, minimum/maximum/exclusive*, format date-time, required, properties,
 * additionalProperties, propertyNames, items, anyOf/oneOf; `$ref`s are resolved beforehand). Every value is
 * checked against the schema with ajv at the end, so whatever this generator gets wrong is never sent as
 * "conforming".
 *
 * `hints` adds known-good values by property name (ids of the fixture's products, numbers of its orders): random
 * ids would only ever reach "not found", the hints let the generated requests get as far as the business rules.
 */
export type Hints = Record<string, readonly unknown[]>;

/** Known values for path and query parameters, and for body properties (an order number looked up, or new). */
export interface RequestHints {
  parameters: Hints;
  body: Hints;
}

/** Characters of one UTF-16 unit and no control character: JSON Schema counts code points, zod UTF-16 units. */
const printable = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xa0, max: 0xd7ff }) },
);
const textOf = (minLength: number, maxLength: number) =>
  fc.string({ unit: printable.map((c) => String.fromCharCode(c)), minLength, maxLength });
/** Blank strings: they conform to a length, and servers that trim may see nothing. */
const blankOf = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(" ", "\u00a0", "\u3000"), minLength, maxLength });

/** A generous cap on generated lengths: the document's limits (64, 100, 200) are reached, not every time. */
const LENGTH_CAP = 300;

export function arbitraryOf(schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  return generator(schema, hints).filter((value) => conforms(schema, value));
}

function generator(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives)
    return fc.oneof(...alternatives.map((s) => generator({ ...withoutAlternatives(schema), ...s }, hints)));
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => generator({ ...schema, type }, hints)));
  switch (types[0]) {
    case "string":
      return stringOf(schema);
    case "integer":
      return integerOf(schema);
    case "number":
      return fc.oneof(integerOf(schema), numberOf(schema));
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(generator((schema.items as JsonSchema) ?? {}, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case "object":
      return objectOf(schema, hints);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const withoutAlternatives = ({ anyOf: _a, oneOf: _o, ...rest }: JsonSchema) => rest;

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? LENGTH_CAP, LENGTH_CAP);
  const fits = (s: string) => [...s].length >= minLength && [...s].length <= (schema.maxLength ?? Infinity);
  if (typeof schema.pattern === "string") return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  if (schema.format === "date-time")
    return fc
      .date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true })
      .map((d) => d.toISOString());
  return fc.oneof(
    { weight: 6, arbitrary: textOf(minLength, Math.min(maxLength, minLength + 12)) },
    { weight: 3, arbitrary: textOf(minLength, maxLength) },
    { weight: 1, arbitrary: blankOf(Math.max(minLength, 1), Math.min(maxLength, Math.max(minLength, 1) + 3)) },
  );
}

/** JSON's exact integers: the document's bounds go up to 2^53 - 1, past fc.integer's 32 bits. */
function integerOf(schema: JsonSchema): fc.Arbitrary<number> {
  const low = Math.max(lowerBound(schema, true), Number.MIN_SAFE_INTEGER);
  const high = Math.min(upperBound(schema, true), Number.MAX_SAFE_INTEGER);
  return fc.bigInt({ min: BigInt(Math.ceil(low)), max: BigInt(Math.floor(high)) }).map(Number);
}

function numberOf(schema: JsonSchema): fc.Arbitrary<number> {
  const min = lowerBound(schema, false);
  const max = upperBound(schema, false);
  return fc.double({
    ...(Number.isFinite(min) && { min }),
    ...(Number.isFinite(max) && { max }),
    minExcluded: typeof schema.exclusiveMinimum === "number",
    maxExcluded: typeof schema.exclusiveMaximum === "number",
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function lowerBound(schema: JsonSchema, integer: boolean): number {
  if (typeof schema.exclusiveMinimum === "number") return schema.exclusiveMinimum + (integer ? 1 : 0);
  return typeof schema.minimum === "number" ? schema.minimum : -Infinity;
}

function upperBound(schema: JsonSchema, integer: boolean): number {
  if (typeof schema.exclusiveMaximum === "number") return schema.exclusiveMaximum - (integer ? 1 : 0);
  return typeof schema.maximum === "number" ? schema.maximum : Infinity;
}

function objectOf(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, propertyOf(name, property, hints)]),
  );
  const declared = fc.record(model, { requiredKeys: Object.keys(properties).filter((n) => required.has(n)) });
  const extra = schema.additionalProperties;
  if (!extra || typeof extra !== "object") return declared;
  const names = schema.propertyNames ? stringOf(schema.propertyNames as JsonSchema) : textOf(1, 12);
  const others = fc.dictionary(
    names.filter((n) => !(n in properties)),
    generator(extra as JsonSchema, hints),
    { maxKeys: 3 },
  );
  return fc.tuple(declared, others).map(([own, more]) => ({ ...more, ...own }));
}

/** A property's values, with the known-good ones that conform mixed in. */
export function propertyOf(name: string, schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const known = (hints[name] ?? []).filter((value) => conforms(schema, value));
  const generated = arbitraryOf(schema, hints);
  if (known.length === 0) return generated;
  return fc.oneof({ weight: 1, arbitrary: generated }, { weight: 3, arbitrary: fc.constantFrom(...known) });
}
