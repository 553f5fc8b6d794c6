import { writeFileSync } from "node:fs";
import type { Profiler } from "node:inspector";
import { Session } from "node:inspector/promises";

/**
 * A CPU profile of this process (the app under test runs in it) while `work` runs, summed by where the time
 * went: by package (ours by folder) and by function, self time, idle left out. `--cpu-prof` would profile the
 * whole run (set-up, the other rows, pgbench's wait); this profiles only the part asked about.
 * `BENCH_PROFILE_FILE=x.cpuprofile` also writes the profile there, for Chrome DevTools' Performance panel.
 */
export async function profiled<T>(work: () => Promise<T>): Promise<{ result: T; summary: string }> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
  const result = await work();
  const { profile } = await session.post("Profiler.stop");
  session.disconnect();
  if (process.env.BENCH_PROFILE_FILE) writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(profile));
  return { result, summary: summarize(profile) };
}

/** "node_modules/@fastify/x/..." -> "@fastify/x"; our files by their first folders; Node's own as node:. */
function placeOf(url: string): string {
  if (!url) return "(V8: native, GC, program)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:")) return "node (http, streams, crypto, timers)";
  const ours = /\/(server|contracts|bench|tests)\/(.*)$/.exec(url);
  if (ours) return `ours: ${ours[1]}/${ours[2]!.split("/").slice(0, 3).join("/")}`;
  return url;
}

/**
 * Socket writes show as V8's native `writev`, but the time is the kernel's: on loopback the write carries the
 * packet to the receiver and wakes it. Named by who wrote: the database driver or the HTTP answer.
 */
function writer(stack: Profiler.ProfileNode["callFrame"][]): string {
  return stack.some((f) => /node_modules\/pg(-pool)?\//.test(f.url))
    ? "kernel: socket writes to PostgreSQL"
    : "kernel: socket writes of HTTP answers";
}

function summarize(profile: Profiler.Profile, top = 18): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  const stackOf = (id: number) => {
    const frames: Profiler.ProfileNode["callFrame"][] = [];
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) frames.push(byId.get(at)!.callFrame);
    return frames;
  };
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  let profiler = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === "(idle)") return;
    const dt = profile.timeDeltas?.[i] ?? 0;
    const stack = stackOf(id);
    // The profiler's own work when it stops (serialising the profile) is not the app's.
    if (stack.some((f) => f.url === "node:inspector")) {
      profiler += dt;
      return;
    }
    busy += dt;
    const place = frame.functionName === "writev" ? writer(stack) : placeOf(frame.url);
    places.set(place, (places.get(place) ?? 0) + dt);
    const fn = `${frame.functionName || "(anonymous)"} (${place}${frame.url ? `:${frame.lineNumber + 1}` : ""})`;
    functions.set(fn, (functions.get(fn) ?? 0) + dt);
  });
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, t]) => `    ${((100 * t) / busy).toFixed(1).padStart(5)}%  ${name}`)
      .join("\n");
  return (
    `  busy ${(busy / 1000).toFixed(0)} ms of CPU in this process (the profiler's own ${(profiler / 1000).toFixed(0)} ms left out)\n` +
    `  by package (self time):\n${list(places)}\n  by function (self time):\n${list(functions)}`
  );
}
