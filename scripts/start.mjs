// `npm start`: build the browser app if needed, then run the server (TypeScript through tsx, no separate build).
import { ensureBrowserBuild } from "./browser-build.mjs";

await ensureBrowserBuild();
const { register } = await import("tsx/esm/api");
register();
await import("../server/src/main.ts");
