/** `npm run bench`: every benchmark in turn; each prints its own figures. */
import { execFileSync } from "node:child_process";

for (const script of ["bench/bundle.ts", "bench/startup.ts"]) {
  console.log(`\n##### ${script}`);
  execFileSync(process.execPath, ["--import", "tsx", script], { stdio: "inherit" });
}
