import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";

/** A JSON Schema (2020-12, OpenAPI 3.1's dialect) as read from the served document. */
// biome-ignore lint/suspicious/noExplicitAny: schemas are parsed JSON, walked keyword by keyword
export type JsonSchema = Record<string, any>;

/**
 * One validator for the whole run. Not strict: the document's schemas carry OpenAPI's own keywords (`example`)
 * that JSON Schema does not know, and that is no fault of the schema.
 */
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);

const compiled = new WeakMap<JsonSchema, ReturnType<typeof ajv.compile>>();

/** Whether a value is valid under a schema, and if not, ajv's words for why. */
export function validate(schema: JsonSchema, value: unknown): { valid: true } | { valid: false; errors: string } {
  let check = compiled.get(schema);
  if (!check) {
    check = ajv.compile(schema);
    compiled.set(schema, check);
  }
  if (check(value)) return { valid: true };
  const errors = (check.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`).join("; ");
  return { valid: false, errors };
}

export const conforms = (schema: JsonSchema, value: unknown) => validate(schema, value).valid;

/**
 * The document with every local `$ref` (`#/components/...`) replaced by what it points at, so each schema can be
 * generated from and validated on its own. The served document has no recursive schema; a cycle would be a
 * mistake here, so it throws rather than loop.
 */
export function dereference<T>(document: T): T {
  const root = document as JsonSchema;
  const walk = (node: unknown, seen: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, seen));
    if (node === null || typeof node !== "object") return node;
    const object = node as JsonSchema;
    if (typeof object.$ref === "string" && object.$ref.startsWith("#/")) {
      if (seen.includes(object.$ref)) throw new Error(`recursive $ref ${object.$ref}`);
      const { $ref, ...siblings } = object;
      const target = pointer(root, $ref);
      return { ...(walk(target, [...seen, $ref]) as JsonSchema), ...(walk(siblings, seen) as JsonSchema) };
    }
    return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, walk(value, seen)]));
  };
  return walk(document, []) as T;
}

function pointer(root: JsonSchema, ref: string): unknown {
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>((node, key) => {
      if (node === null || typeof node !== "object" || !(key in node)) throw new Error(`dangling $ref ${ref}`);
      return (node as JsonSchema)[key];
    }, root);
}

/** The types a schema admits (`type` as a string or a list), empty when it does not say. */
export function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  return typeof schema.type === "string" ? [schema.type] : [];
}
