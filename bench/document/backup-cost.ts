/**
 * The crash backup's own main-thread time per stroke at full drawing, read from V8's sampling profiler: Fanvas
 * built up in a page with its backup on, then blocks of probe strokes, each profiled from its first press to a
 * quiet second and a half after its last release (so the batched write, at most a second later, and a checkpoint,
 * 400 ms after the last change, land in it). A sample counts for the backup when any frame of its stack is code
 * from src/client/persistence/ (found through the build's source maps): its functions and everything they call,
 * the engine's pixel read-back, the encoder, IndexedDB's put and its structured clone included.
 *
 * Why this and not two pages' CPU time with the backup on and off: a stroke costs the main thread 14-16 ms, and
 * the difference of two such blocks swung by ±0.4 ms a stroke from run to run, more than the 0.3 ms target, while
 * the samples inside the backup's own code are what the backup costs, with a spread of a few hundredths. What it
 * leaves out, alike for any checkout it measures: garbage collection of what the backup allocated, and the
 * dispatch of IndexedDB's events that no backup code listens to.
 */
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import type { Browser } from "@playwright/test";
import { buildUp, busyMs, drawProbeStroke, openSystemPage, type Workload } from "../measure.ts";
import { median } from "../stats.ts";

/** Probe strokes per block, blocks, groups the blocks are judged in, quiet time after a block, sampling (µs). */
export const BACKUP_BLOCK = { strokes: 8, blocks: 40, groups: 5, quietMs: 1500, samplingUs: 50 } as const;

/** What the backup's code cost the main thread per stroke: overall, per group of blocks, and where it went. */
export interface BackupCost {
  readonly perStroke: number;
  readonly groups: readonly number[];
  /** The backup's time by the function each sample was in (ms per stroke), largest first. */
  readonly top: readonly (readonly [string, number])[];
  /** Main-thread CPU ms per stroke of everything (ThreadTime, the profiler's slowing included), for scale. */
  readonly strokeMs: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  readonly children?: number[];
}

/** The source file and line of a frame of the built page, from the script's source map (fetched once a script). */
function sourceOf(maps: Map<string, Promise<TraceMap | null>>) {
  return async ({ url, lineNumber, columnNumber }: ProfileNode["callFrame"]): Promise<string | null> => {
    if (!url.endsWith(".js")) return null;
    if (!maps.has(url))
      maps.set(
        url,
        fetch(`${url}.map`).then(async (response) =>
          response.ok ? new TraceMap(await response.text()) : null,
        ),
      );
    const map = await maps.get(url);
    const found = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
    return found?.source ? `${found.source.replace(/^.*\/src\//, "src/")}:${found.line}` : null;
  };
}

/** Adds one profile's samples whose stack holds backup code to `byFunction` (µs); returns their total in ms. */
async function backupTime(
  nodes: readonly ProfileNode[],
  samples: readonly number[],
  deltas: readonly number[],
  source: (frame: ProfileNode["callFrame"]) => Promise<string | null>,
  byFunction: Map<string, number>,
): Promise<number> {
  const parent = new Map<number, number>();
  for (const node of nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const own = new Map<number, string | null>();
  const leaf = new Map<number, string>();
  for (const node of nodes) {
    const file = await source(node.callFrame);
    leaf.set(
      node.id,
      `${node.callFrame.functionName || "(anonymous)"} ${file ?? node.callFrame.url.split("/").at(-1)}`,
    );
    own.set(node.id, file?.startsWith("src/client/persistence/") ? (leaf.get(node.id) as string) : null);
  }
  // The innermost backup frame at or above each node, or null where the stack holds none.
  const innermost = new Map<number, string | null>();
  const backupAt = (id: number): string | null => {
    if (!innermost.has(id)) {
      const up = parent.get(id);
      innermost.set(id, own.get(id) ?? (up === undefined ? null : backupAt(up)));
    }
    return innermost.get(id) ?? null;
  };
  let total = 0;
  for (const [index, id] of samples.entries()) {
    const us = deltas[index + 1] ?? 0;
    if (backupAt(id) === null) continue;
    total += us;
    const name = leaf.get(id) as string;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  return total / 1000;
}

/** Measures the backup's main-thread time per stroke on the bench page at `url` (built with its source maps). */
export async function backupCostPerStroke(
  browser: Browser,
  url: string,
  workload: Workload,
): Promise<BackupCost> {
  const context = await browser.newContext({ viewport: { width: 700, height: 700 }, deviceScaleFactor: 1 });
  try {
    const { page, cdp } = await openSystemPage(context, url, "fanvas");
    await buildUp(page, workload);
    for (let stroke = 0; stroke < 20; stroke += 1) await drawProbeStroke(page, workload, 1 + (stroke % 10));
    await page.waitForTimeout(BACKUP_BLOCK.quietMs);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: BACKUP_BLOCK.samplingUs });
    const source = sourceOf(new Map());
    const byFunction = new Map<string, number>();
    const blocks: number[] = [];
    let busy = 0;
    for (let block = 0; block < BACKUP_BLOCK.blocks; block += 1) {
      const before = await busyMs(cdp);
      await cdp.send("Profiler.start");
      for (let stroke = 0; stroke < BACKUP_BLOCK.strokes; stroke += 1)
        await drawProbeStroke(page, workload, 1 + ((block + stroke) % workload.probeStrokes));
      await page.waitForTimeout(BACKUP_BLOCK.quietMs);
      const { profile } = await cdp.send("Profiler.stop");
      busy += (await busyMs(cdp)) - before;
      const [samples, deltas] = [profile.samples ?? [], profile.timeDeltas ?? []];
      blocks.push(await backupTime(profile.nodes, samples, deltas, source, byFunction));
    }
    const strokes = BACKUP_BLOCK.blocks * BACKUP_BLOCK.strokes;
    const perGroup = BACKUP_BLOCK.blocks / BACKUP_BLOCK.groups;
    const groups = Array.from({ length: BACKUP_BLOCK.groups }, (_, group) =>
      blocks.slice(group * perGroup, (group + 1) * perGroup).reduce((sum, ms) => sum + ms, 0),
    ).map((ms) => ms / (perGroup * BACKUP_BLOCK.strokes));
    const top = [...byFunction.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, us]) => [name, us / 1000 / strokes] as const);
    return {
      perStroke: blocks.reduce((sum, ms) => sum + ms, 0) / strokes,
      groups,
      top,
      strokeMs: busy / strokes,
    };
  } finally {
    await context.close();
  }
}

/** The figure as the bench prints it: overall, the groups' median and range, and where the time went. */
export function describeCost(cost: BackupCost): string {
  const groups = [...cost.groups].sort((a, b) => a - b);
  const spread = `${groups[0]?.toFixed(3)}-${groups.at(-1)?.toFixed(3)}`;
  const top = cost.top.map(([name, ms]) => `${(ms * 1000).toFixed(0)} µs ${name}`).join("; ");
  return `${cost.perStroke.toFixed(3)} ms (${BACKUP_BLOCK.blocks * BACKUP_BLOCK.strokes} strokes; ${BACKUP_BLOCK.groups} groups: median ${median(groups).toFixed(3)}, ${spread}; a stroke's whole main thread ${cost.strokeMs.toFixed(2)} ms) [per stroke: ${top}]`;
}
