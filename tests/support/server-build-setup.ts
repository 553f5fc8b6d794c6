import { execFileSync } from "node:child_process";

/** The process tests run the server as production does: the JavaScript in dist-server/, built once per run. */
export default function setup() {
  execFileSync(process.execPath, ["scripts/server-build.mjs"], { stdio: "inherit" });
}
