/**
 * `npm run bench`: the quick benchmarks in turn; each prints its own figures. Name others to run them
 * (`npm run bench -- orders`, `npm run bench -- order-list`, `npm run bench -- test-loop --runs=3`,
 * `npm run bench -- all`); `--flags` pass through.
 */
import { execFileSync } from "node:child_process";

const quick = ["bundle", "startup", "batch"];
const heavy = [
  "memory",
  "orders",
  "order-list",
  "open-api",
  "callbacks",
  "export",
  "overview",
  "web",
  "cluster",
  "backup",
  "test-loop",
  "screens",
];
const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith("--"));
const named = args.filter((a) => !a.startsWith("--"));
const unknown = named.filter((n) => n !== "all" && ![...quick, ...heavy].includes(n));
if (unknown.length > 0)
  throw new Error(`unknown bench ${unknown.join(", ")}: pick from ${[...quick, ...heavy, "all"].join(", ")}`);
const chosen = named.length === 0 ? quick : named.includes("all") ? [...quick, ...heavy] : named;

for (const script of chosen.map((name) => `bench/${name}.ts`)) {
  console.log(`\n##### ${script}`);
  execFileSync(process.execPath, ["--import", "tsx", script, ...flags], { stdio: "inherit" });
}
