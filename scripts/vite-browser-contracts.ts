import MagicString from "magic-string";
import { type Plugin, parseAst } from "vite";

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

const FUNCTIONS = new Set(["FunctionExpression", "ArrowFunctionExpression", "FunctionDeclaration"]);

/**
 * A contract module's calls that build what its top-level constants hold (not those in function bodies or
 * statements of their own, whose work may be an effect: a `push`, a `set`), and the `answer: …` properties of its
 * `defineCall({ … })` declarations.
 */
export function callsAndAnswers(tree: Node): { calls: Node[]; answers: Node[] } {
  const calls: Node[] = [];
  const answers: Node[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isNode(value) || FUNCTIONS.has(value.type)) return;
    if (value.type === "CallExpression") {
      calls.push(value);
      const callee = value.callee as Node & { name?: string };
      const [declaration] = value.arguments as Node[];
      if (callee.type === "Identifier" && callee.name === "defineCall")
        for (const property of (declaration?.properties as (Node & { key?: { name?: string } })[]) ?? [])
          if (property.type === "Property" && property.key?.name === "answer") answers.push(property);
    }
    for (const [key, child] of Object.entries(value)) if (key !== "type") visit(child);
  };
  for (const statement of (tree.body as Node[] | undefined) ?? []) {
    const declaration =
      statement.type === "ExportNamedDeclaration" ? (statement.declaration as Node | null) : statement;
    if (declaration?.type === "VariableDeclaration")
      for (const { init } of declaration.declarations as Node[]) visit(init);
  }
  return { calls, answers };
}

/** The browser's edit of one contract module (see `browserContracts`); null when it has nothing to edit. */
export function browserContract(code: string): { code: string; map: ReturnType<MagicString["generateMap"]> } | null {
  if (!code.includes("(")) return null;
  const { calls, answers } = callsAndAnswers(parseAst(code, { lang: "ts" }) as unknown as Node);
  if (calls.length === 0) return null;
  const edited = new MagicString(code);
  for (const call of calls) edited.appendLeft(call.start, "/*@__PURE__*/ ");
  for (const answer of answers) {
    // The property and the comma after it, with the space up to the next (the last property may have no comma).
    const comma = /^\s*,\s*/.exec(code.slice(answer.end));
    edited.remove(answer.start, answer.end + (comma?.[0].length ?? 0));
  }
  return { code: edited.toString(), map: edited.generateMap({ hires: true }) };
}

/**
 * The contracts as the browser's build takes them. The browser never checks an answer against its schema (it
 * reads answers through erased types), yet it built every declared call's answer schema as it started, with most
 * of the other schemas of each contract it imported. Here each call's `answer` is left out, and every call that builds a
 * contract's constant is marked pure: the contracts only declare (vite.config.ts says so of their modules), so a schema
 * nothing in the browser uses is now dropped from its bundle and never built. The server, the API documentation
 * and the tests read the contracts as written.
 */
export function browserContracts(): Plugin {
  return {
    name: "browser-contracts",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      return /[\\/]contracts[\\/][^\\/]+\.ts$/.test(id) ? browserContract(code) : null;
    },
  };
}
