import fc from "fast-check";
import type { JsonSchema } from "./json-schema";
import { typesOf } from "./json-schema";
import { asText, type Operation, type Parameter, type RequestCase } from "./operations";

/**
 * One constraint of an operation, broken: the bad values to try (random ones, and `examples` always tried
 * first: the boundary and a far value), and how a bad value goes into an otherwise conforming request. The
 * answer must be a 4xx naming `field` and, for a bound, saying it (`mustSay`).
 */
export interface Mutation {
  label: string;
  values: fc.Arbitrary<unknown>;
  examples: unknown[];
  /** The request with the bad value in, and the field the answer must name. */
  put(request: RequestCase, value: unknown): { request: RequestCase; field: string };
  /** What the message must say beyond the field's name (a bound, "required"), and how to recognise it. */
  mustSay?: { words: string; test: RegExp };
}

/** A broken value before it is placed: what it breaks, for the label. */
type Broken = Omit<Mutation, "put" | "label"> & { what: string };

const MISSING = Symbol("missing");
const MALFORMED_NUMBERS = ["abc", "1.5", "1e400", "0x10", " "];
const identifier = fc.stringMatching(/^[a-z][a-zA-Z]{2,10}$/);

/** A bound the message must say (up to a billion: past that, "too large" is all anyone needs). */
const says = (bound: number) =>
  Math.abs(bound) < 1e9 ? { words: `the bound ${bound}`, test: new RegExp(`(^|\\D)${bound}(\\D|$)`) } : undefined;
const SAYS_REQUIRED = { words: "that it is required", test: /required/i };

/**
 * Values breaking each constraint of one schema, by keyword. `inQuery`: the value travels as text, so a string
 * cannot have the wrong type there, but a number can be written badly.
 */
function brokenValues(schema: JsonSchema, inQuery: boolean): Broken[] {
  const out: Broken[] = [];
  const types = typesOf(schema);
  const isNumber = types.includes("integer") || types.includes("number");
  if (typeof schema.maxLength === "number") {
    const max = schema.maxLength as number;
    const far = max * 4 + 100;
    out.push({
      what: `longer than maxLength ${max}`,
      values: fc.integer({ min: max + 1, max: far }).map((n) => "a".repeat(n)),
      examples: ["a".repeat(max + 1), "a".repeat(far)],
      mustSay: says(max),
    });
  }
  if (typeof schema.minLength === "number" && schema.minLength > 0) {
    const min = schema.minLength as number;
    out.push({
      what: `shorter than minLength ${min}`,
      values: fc.constant("a".repeat(min - 1)),
      examples: ["a".repeat(min - 1)],
      mustSay: min === 1 ? { words: "that it is required or empty", test: /required|empty|(^|\D)1(\D|$)/i } : says(min),
    });
  }
  if (isNumber && typeof schema.maximum === "number") {
    const max = schema.maximum as number;
    const far = max < 1e9 ? max * 1000 : max * 2;
    out.push({
      what: `above maximum ${max}`,
      values: fc.integer({ min: 1, max: 1_000_000 }).map((n) => Math.min(max + n, far)),
      examples: [max + 1, far],
      mustSay: says(max),
    });
  }
  const min = typeof schema.minimum === "number" ? schema.minimum : undefined;
  const exclusive = typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum : undefined;
  if (isNumber && (min !== undefined || exclusive !== undefined)) {
    const limit = (min ?? exclusive) as number;
    const top = min !== undefined ? min - 1 : limit;
    out.push({
      what: min !== undefined ? `below minimum ${min}` : `not above exclusiveMinimum ${exclusive}`,
      values: fc.integer({ min: 0, max: 1_000_000 }).map((n) => top - n),
      examples: [top, top - 1000],
      ...(min !== undefined && { mustSay: says(min) }),
    });
  }
  if (types.includes("integer") && !types.includes("number")) {
    out.push({
      what: "not a whole number",
      values: fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)),
      examples: [1.5],
    });
  }
  if (isNumber && inQuery)
    out.push({ what: "not a number", values: fc.constantFrom(...MALFORMED_NUMBERS), examples: ["abc"] });
  if (typeof schema.pattern === "string") {
    const pattern = new RegExp(schema.pattern, "u");
    const lo = schema.minLength ?? 1;
    const hi = Math.min(schema.maxLength ?? 40, 40);
    const examples = ["a b", "!", "2026-02-30T00:00:00Z", "yesterday"].filter((s) => !pattern.test(s));
    out.push({
      what: `not matching pattern ${schema.pattern.length > 40 ? `${schema.pattern.slice(0, 40)}…` : schema.pattern}`,
      values: fc.string({ minLength: lo, maxLength: hi }).filter((s) => s.trim() !== "" && !pattern.test(s)),
      examples: examples.filter((s) => s.length >= lo && s.length <= hi),
    });
  }
  if (Array.isArray(schema.enum)) {
    const options = schema.enum.map(String);
    out.push({
      what: `not one of ${options.join(", ")}`,
      values: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== "" && !options.includes(s)),
      examples: [`${options[0]}x`],
    });
  }
  if (!inQuery && types.length > 0) {
    const wrong = wrongTypeValues(types);
    if (wrong.length > 0)
      out.push({ what: `not of type ${types.join(" or ")}`, values: fc.constantFrom(...wrong), examples: [wrong[0]] });
  }
  return out;
}

/** JSON values none of whose types the schema admits. */
function wrongTypeValues(types: string[]): unknown[] {
  const samples: [string, unknown][] = [
    ["string", "1"],
    ["number", 1],
    ["boolean", true],
    ["object", { a: 1 }],
    ["array", [1]],
    ["null", null],
  ];
  const admits = (type: string) => types.includes(type) || (type === "number" && types.includes("integer"));
  return samples.filter(([type]) => !admits(type)).map(([, value]) => value);
}

function parameterMutations(parameter: Parameter): Mutation[] {
  const where = parameter.in;
  // An empty path segment is another address, not this operation with a short value.
  const broken = brokenValues(parameter.schema, true).filter((b) => where === "query" || !b.what.startsWith("shorter"));
  const mutations: Mutation[] = broken.map((broken) => ({
    ...broken,
    label: `${where} \`${parameter.name}\` ${broken.what}`,
    put: (request, value) => ({ request: withParameter(request, parameter, asText(value)), field: parameter.name }),
  }));
  if (where === "query" && parameter.required)
    mutations.push({
      label: `required query \`${parameter.name}\` missing`,
      values: fc.constant(MISSING),
      examples: [MISSING],
      put: (request) => ({
        request: { ...request, query: request.query.filter(([k]) => k !== parameter.name) },
        field: parameter.name,
      }),
      mustSay: SAYS_REQUIRED,
    });
  return mutations;
}

function withParameter(request: RequestCase, parameter: Parameter, text: string): RequestCase {
  if (parameter.in === "path") return { ...request, pathParams: { ...request.pathParams, [parameter.name]: text } };
  return { ...request, query: [...request.query.filter(([k]) => k !== parameter.name), [parameter.name, text]] };
}

/** An unknown query parameter: a typo of a known one (`statuss=failed`) with a value the known one takes, or any name. */
function unknownQuery(operation: Operation): Mutation {
  const query = operation.parameters.filter((p) => p.in === "query");
  const known = query.map((p) => p.name);
  const typos = query.map((p): [string, string] => [`${p.name}s`, asText(p.schema.enum?.at(-1) ?? "1")]);
  const names = fc
    .oneof(identifier, ...(typos.length > 0 ? [fc.constantFrom(...typos.map(([name]) => name))] : []))
    .filter((name) => !known.includes(name));
  return {
    label: "unknown query parameter",
    values: fc.tuple(names, fc.stringMatching(/^[a-z0-9]{1,8}$/)),
    examples: typos.length > 0 ? typos : [["foo", "1"]],
    put: (request, value) => {
      const [name, text] = value as [string, string];
      return { request: { ...request, query: [...request.query, [name, text]] }, field: name };
    },
  };
}

/** Each constraint of a JSON body (nested objects too), broken in turn. */
function bodyMutations(schema: JsonSchema, path: string[] = []): Mutation[] {
  const out: Mutation[] = [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const at = (name: string) => [...path, name].join(".");
  for (const name of (schema.required ?? []) as string[])
    out.push({
      label: `body \`${at(name)}\` (required) missing`,
      values: fc.constant(MISSING),
      examples: [MISSING],
      put: (request) => ({
        request: { ...request, body: setIn(request.body, [...path, name], MISSING) },
        field: at(name),
      }),
      mustSay: SAYS_REQUIRED,
    });
  for (const [name, property] of Object.entries(properties)) {
    for (const broken of brokenValues(property, false))
      out.push({
        ...broken,
        label: `body \`${at(name)}\` ${broken.what}`,
        put: (request, value) => ({
          request: { ...request, body: setIn(request.body, [...path, name], value) },
          field: at(name),
        }),
      });
    if (typesOf(property).includes("object") && path.length < 3) out.push(...bodyMutations(property, [...path, name]));
  }
  if (schema.additionalProperties === false) {
    const names = identifier.filter((n) => !(n in properties));
    const first = Object.keys(properties)[0] ?? "field";
    out.push({
      label: `body${path.length ? ` \`${path.join(".")}\`` : ""}: an unknown field`,
      values: names,
      examples: [`${first}s`],
      put: (request, value) => ({
        request: { ...request, body: setIn(request.body, [...path, String(value)], 1) },
        field: at(String(value)),
      }),
      mustSay: { words: "that it is unknown", test: /unknown/i },
    });
  } else if (schema.additionalProperties && typeof schema.additionalProperties === "object")
    for (const broken of brokenValues(schema.additionalProperties as JsonSchema, false))
      out.push({
        ...broken,
        label: `body \`${path.join(".")}\` extra entry ${broken.what}`,
        values: fc.tuple(identifier, broken.values),
        examples: broken.examples.map((value) => ["zz", value]),
        put: (request, value) => {
          const [key, bad] = value as [string, unknown];
          return { request: { ...request, body: setIn(request.body, [...path, key], bad) }, field: at(key) };
        },
      });
  return out;
}

/** A copy of a JSON value with one member set (or removed, for MISSING); objects made on the way. */
function setIn(value: unknown, path: string[], to: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return to;
  const object = value !== null && typeof value === "object" && !Array.isArray(value) ? { ...value } : {};
  const next = setIn((object as Record<string, unknown>)[head], rest, to);
  if (next === MISSING) delete (object as Record<string, unknown>)[head];
  else (object as Record<string, unknown>)[head] = next;
  return object;
}

/** Every constraint of the operation, broken in turn: parameters, body, and an unknown query parameter. */
export function mutationsOf(operation: Operation): Mutation[] {
  return [
    ...operation.parameters.flatMap(parameterMutations),
    ...(operation.body ? bodyMutations(operation.body) : []),
    unknownQuery(operation),
  ];
}
