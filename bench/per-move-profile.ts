/**
 * Where a move's main-thread time goes, Fanvas against the floor, as bench/paired.ts measures them: both mounted
 * at full drawing in browsers of their own, blocks of 2 probe strokes alternating, then (1) a Chromium trace of
 * each page, its main thread's self time per trace event summed and divided by the moves drawn, and (2) a V8
 * CPU profile of each page, self time per JavaScript function (or native call) per move. Figures only.
 *
 * `node bench/per-move-profile.ts [pairs]` (default 12 pairs; about a minute on 2 cores). The profiler's
 * sampling slows both pages alike: compare its rows between the two systems, not with the trace's.
 */
import type { CDPSession } from "@playwright/test";
import { buildBenchPage } from "./build.ts";
import { busyMs, MOVES_PER_PROBE } from "./measure.ts";
import type { SystemName } from "./page/api.ts";
import { drawBlock, type Mounted, mountAtFullDrawing, STROKES_PER_BLOCK } from "./paired.ts";
import { serveStatic } from "./serve.ts";

const WORKLOAD = { strokes: 1000, probeStrokes: 10, movesPerFrame: 10, stepTimeoutMs: 120_000 };
const SYSTEMS: readonly SystemName[] = ["fanvas", "floor"];
const TRACE_CATEGORIES = [
  "toplevel",
  "devtools.timeline",
  "v8",
  "v8.execute",
  "disabled-by-default-v8.gc",
  "blink",
  "cc",
];
const ROWS = 30;

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly name?: string };
}

/** Draws `pairs` block pairs, the order alternating; returns each system's main-thread CPU ms over them. */
async function drawPairs(mounted: readonly Mounted[], pairs: number): Promise<number[]> {
  const before = await Promise.all(mounted.map((each) => busyMs(each.cdp)));
  for (let pair = 0; pair < pairs; pair += 1) {
    for (const each of pair % 2 === 0 ? mounted : [...mounted].reverse())
      await drawBlock(each, WORKLOAD, pair * STROKES_PER_BLOCK);
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const after = await Promise.all(mounted.map((each) => busyMs(each.cdp)));
  return after.map((ms, index) => ms - (before[index] ?? 0));
}

/** Self CPU time (µs) per event name on the renderer's main thread, nesting worked out from the times. */
function selfTimes(events: readonly TraceEvent[]): Map<string, number> {
  const mainThreads = new Set(
    events
      .filter(
        (event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain",
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const counts = new Map<string, number>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (mainThreads.has(thread)) counts.set(thread, (counts.get(thread) ?? 0) + 1);
  }
  const busiest = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const complete = events
    .filter((event) => event.ph === "X" && `${event.pid}:${event.tid}` === busiest)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { name: string; end: number; cpu: number; children: number }[] = [];
  const close = (): void => {
    const frame = stack.pop();
    if (frame !== undefined)
      self.set(frame.name, (self.get(frame.name) ?? 0) + Math.max(0, frame.cpu - frame.children));
  };
  for (const event of complete) {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= event.ts) close();
    const cpu = event.tdur ?? event.dur ?? 0;
    const parent = stack.at(-1);
    if (parent !== undefined) parent.children += cpu;
    stack.push({ name: event.name, end: event.ts + (event.dur ?? 0), cpu, children: 0 });
  }
  while (stack.length > 0) close();
  return self;
}

/** Self time (µs) per function of a V8 CPU profile. */
async function profileSelfTimes(cdp: CDPSession): Promise<Map<string, number>> {
  const { profile } = await cdp.send("Profiler.stop");
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const deltas = profile.timeDeltas ?? [];
  const self = new Map<string, number>();
  for (const [index, id] of (profile.samples ?? []).entries()) {
    const frame = nodes.get(id)?.callFrame;
    if (frame === undefined) continue;
    const key = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").at(-1) ?? ""}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[index + 1] ?? 0));
  }
  return self;
}

function table(title: string, times: readonly Map<string, number>[], moves: number): string {
  const names = new Set(times.flatMap((each) => [...each.keys()]));
  const rows = [...names]
    .map((name) => ({ name, values: times.map((each) => (each.get(name) ?? 0) / moves) }))
    .sort((a, b) => Math.max(...b.values) - Math.max(...a.values))
    .slice(0, ROWS);
  const lines = [title, `${SYSTEMS.map((name) => name.padStart(9)).join("")}  (µs / move)`];
  for (const row of rows)
    lines.push(`${row.values.map((value) => value.toFixed(2).padStart(9)).join("")}  ${row.name}`);
  return lines.join("\n");
}

const pairs = Number(process.argv[2] ?? 12);
const moves = pairs * STROKES_PER_BLOCK * MOVES_PER_PROBE;
const outDir = "/tmp/fanvas-per-move-profile";
await buildBenchPage(outDir);
const server = await serveStatic(outDir);
const mounted: Mounted[] = [];
try {
  for (const name of SYSTEMS) mounted.push(await mountAtFullDrawing(server.url, name, WORKLOAD));
  for (const each of mounted) await each.browser.startTracing(each.page, { categories: TRACE_CATEGORIES });
  const traced = await drawPairs(mounted, pairs);
  const traces: Map<string, number>[] = [];
  for (const each of mounted) {
    const { traceEvents } = JSON.parse((await each.browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    traces.push(selfTimes(traceEvents));
  }
  console.log(
    `traced: ${traced.map((ms, index) => `${SYSTEMS[index]} ${((ms * 1000) / moves).toFixed(1)} µs / move`).join(", ")}`,
  );
  console.log(table("Trace, main thread self time per event", traces, moves));
  for (const each of mounted) {
    await each.cdp.send("Profiler.enable");
    await each.cdp.send("Profiler.setSamplingInterval", { interval: 50 });
    await each.cdp.send("Profiler.start");
  }
  await drawPairs(mounted, pairs);
  const profiles = await Promise.all(mounted.map((each) => profileSelfTimes(each.cdp)));
  console.log(
    table(
      "CPU profile, self time per function (profiler on: compare across, not with the trace)",
      profiles,
      moves,
    ),
  );
} finally {
  for (const each of mounted) await each.browser.close();
  await server.close();
}
