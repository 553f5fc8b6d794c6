import fc from "fast-check";
import type { OpenApiClient } from "../open-api";
import type { TestApp } from "../test-app";
import { type CheckContext, checkConforming, checkNonConforming, checkUndocumentedMethod } from "./answer-check";
import { documentedRules } from "./documented-rules";
import { FailureReport } from "./failure-report";
import type { FUZZ_RUNS } from "./fuzz-settings";
import { seedOf } from "./fuzz-settings";
import { type Mutation, mutationsOf } from "./mutations";
import { HTTP_METHODS, type Operation, type RequestCase, readDocument, requestArbitrary, urlOf } from "./operations";
import { type ProductInputs, productInputsRule } from "./product-inputs";
import type { RequestHints } from "./schema-arbitrary";
import { signedExchange } from "./signed-exchange";

export interface ConformanceRun {
  t: TestApp;
  client: OpenApiClient;
  hints: RequestHints;
  /** The products' input fields (`GET /products`): what an order's `inputs` must be, where the document says so. */
  products: ProductInputs[];
  /** `nextCursor`s the server wrote: the only conforming cursors. */
  cursors: string[];
  /** The document as served (parsed JSON). */
  served: unknown;
  seed: number;
  runs: typeof FUZZ_RUNS;
}

/**
 * Every operation of the served document, three ways: conforming requests, each constraint broken in turn, and
 * every method it does not document on its path. Each property runs with its own seed (from the run's) and
 * never stops at a failure: the checks write into the report, which the test asserts empty at the end.
 */
export async function runConformance(run: ConformanceRun) {
  const { t, client, hints } = run;
  const document = readDocument(run.served);
  const report = new FailureReport();
  const ctx: CheckContext = { report, client, document };
  const seeds: { name: string; seed: number }[] = [];
  const rules = documentedRules(t.clock.now(), run.cursors);
  /** Per operation, the shortest conforming request it answered 2xx (or refused for a business reason). */
  const shortest = new Map<Operation, RequestCase>();

  const property = async <V>(
    name: string,
    values: fc.Arbitrary<V>,
    numRuns: number,
    examples: V[],
    check: (v: V) => Promise<void>,
  ) => {
    const seed = seedOf(run.seed, name);
    seeds.push({ name, seed });
    await fc.assert(
      fc.asyncProperty(values, async (value) => {
        report.cases++;
        await check(value);
      }),
      { seed, numRuns, examples: examples.map((e) => [e] as [V]) },
    );
  };
  const send = async (method: string, url: string, body?: unknown) => {
    report.calls++;
    return signedExchange(t, client, method, url, body);
  };

  for (const operation of document.operations) {
    const own = rules.filter((r) => r.operationId === operation.id);
    const overrides = Object.fromEntries(own.map((r) => [r.parameter, r.conforming]));
    const inputsRule = productInputsRule(operation, run.products);
    const generated = requestArbitrary(operation, hints, overrides);
    const requests = inputsRule ? generated.chain(inputsRule.refine) : generated;
    const sendCase = (request: RequestCase) =>
      send(operation.method, urlOf(document.base, operation, request), request.body);

    // The conforming requests the server took as well formed, those it answered 2xx first: each constraint is
    // broken on one of them, so the answer is about that constraint alone (a request refused anyway, as malformed
    // or as "no such product", would say nothing about it).
    const taken = { done: [] as RequestCase[], refused: [] as RequestCase[] };
    // A call without parameters or body has one conforming request: a few tries say all there is to say.
    const runs = operation.parameters.length === 0 && !operation.body ? 5 : run.runs.conforming;
    await property(`${operation.id}:conforming`, requests, runs, [], async (request) => {
      const outcome = checkConforming(ctx, operation, await sendCase(request));
      if (outcome !== "unusable" && taken[outcome].length < 50) taken[outcome].push(request);
    });

    const mutations: Mutation[] = [
      ...mutationsOf(operation),
      ...own.map((r) => r.broken),
      ...(inputsRule?.broken ?? []),
    ];
    const wellFormed = taken.done.length > 0 ? taken.done : taken.refused;
    const bases = wellFormed.length > 0 ? fc.constantFrom(...wellFormed) : requests;
    // The examples (boundary and far values) go into the shortest, to keep the report readable.
    const [base] =
      wellFormed.length > 0
        ? [...wellFormed].sort((a, b) => JSON.stringify(a).length - JSON.stringify(b).length)
        : fc.sample(requests, { seed: seedOf(run.seed, operation.id), numRuns: 1 });
    if (base) shortest.set(operation, base);
    for (const mutation of mutations)
      await property(
        `${operation.id}:${mutation.label}`,
        fc.tuple(bases, mutation.values),
        run.runs.mutation,
        base ? mutation.examples.map((value) => [base, value] as [RequestCase, unknown]) : [],
        async ([request, value]) => {
          const broken = mutation.put(request, value);
          checkNonConforming(ctx, operation, mutation, broken.field, await sendCase(broken.request));
        },
      );
  }

  for (const [path, operations] of byPath(document.operations)) {
    const documented = operations.map((o) => o.method);
    // The path as a conforming request of its first operation wrote it (an order that exists, where one does).
    const operation = operations[0] as Operation;
    const request = shortest.get(operation) ?? { pathParams: {}, query: [] };
    const url = urlOf(document.base, operation, { ...request, query: [], body: undefined });
    for (const method of HTTP_METHODS.filter((m) => !documented.includes(m))) {
      report.cases++;
      checkUndocumentedMethod(ctx, path, documented, await send(method, url));
    }
  }
  return { report, seeds };
}

function byPath(operations: Operation[]): Map<string, Operation[]> {
  const paths = new Map<string, Operation[]>();
  for (const operation of operations) paths.set(operation.path, [...(paths.get(operation.path) ?? []), operation]);
  return paths;
}
