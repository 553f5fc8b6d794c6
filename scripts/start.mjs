// `npm start`: build the browser app if needed (in a process of its own, whose memory goes with it), then run the
// server built from the current sources (scripts/run-server.mjs).
import { ensureBrowserBuild } from "./browser-build.mjs";
import { runServerPart } from "./run-server.mjs";

await ensureBrowserBuild();
await runServerPart("main");
