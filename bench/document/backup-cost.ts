/**
 * The crash backup's own main-thread time per stroke at full drawing, read from V8's sampling profiler: Fanvas
 * built up in a page with its backup on, then blocks of probe strokes, each profiled from its first press to a
 * quiet second and a half after its last release (so the batched write, at most a second later, and a checkpoint,
 * which follows that write, land in it). A sample counts for the backup when any frame of its stack is code
 * from src/client/persistence/ (found through the build's source maps): its functions and everything they call,
 * the engine's pixel read-back, the encoder, IndexedDB's put and its structured clone included. Sampling slows
 * the page, so the sampled time is scaled by the main thread's CPU time per stroke (ThreadTime) in blocks drawn
 * unprofiled over the same in the profiled ones.
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

/**
 * Probe strokes per block, blocks unprofiled (for scale) and profiled, groups of the profiled ones judged apart,
 * the quiet after each block, and the sampling interval (µs).
 */
export const BACKUP_BLOCK = {
  strokes: 8,
  scaleBlocks: 8,
  blocks: 40,
  groups: 5,
  quietMs: 1500,
  samplingUs: 200,
} as const;

/** What the backup's code cost the main thread per stroke: overall, per group of blocks, and where it went. */
export interface BackupCost {
  readonly perStroke: number;
  readonly groups: readonly number[];
  /** The backup's time by the function each of its samples was in (ms per stroke), largest first. */
  readonly top: readonly (readonly [string, number])[];
  /** Main-thread CPU ms per stroke of everything (ThreadTime, in the blocks not profiled), for scale. */
  readonly strokeMs: number;
  /** That over the same in the profiled blocks: how much sampling slowed the page, taken out of the figures. */
  readonly scale: number;
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
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

/** One profile's sampled time (µs) whose stack holds backup code, also added to `byFunction` by function. */
async function sampledTimes(
  { nodes, samples = [], timeDeltas = [] }: Profile,
  source: (frame: ProfileNode["callFrame"]) => Promise<string | null>,
  byFunction: Map<string, number>,
): Promise<number> {
  const parent = new Map<number, number>();
  for (const node of nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const [name, own] = [new Map<number, string>(), new Map<number, boolean>()];
  for (const { id, callFrame } of nodes) {
    const file = await source(callFrame);
    name.set(id, `${callFrame.functionName || "(anonymous)"} ${file ?? callFrame.url.split("/").at(-1)}`);
    own.set(id, file?.startsWith("src/client/persistence/") ?? false);
  }
  const inBackup = new Map<number, boolean>();
  const backupAt = (id: number): boolean => {
    const up = parent.get(id);
    if (!inBackup.has(id)) inBackup.set(id, (own.get(id) ?? false) || (up !== undefined && backupAt(up)));
    return inBackup.get(id) ?? false;
  };
  let backup = 0;
  for (const [index, id] of samples.entries()) {
    const [us, frame] = [timeDeltas[index + 1] ?? 0, name.get(id) ?? ""];
    if (!backupAt(id)) continue;
    backup += us;
    byFunction.set(frame, (byFunction.get(frame) ?? 0) + us);
  }
  return backup;
}

/**
 * Measures the backup's main-thread time per stroke on the bench page at `url` (built with its source maps):
 * BACKUP_BLOCK.scaleBlocks blocks unprofiled for the main thread's CPU time per stroke (ThreadTime) without the
 * sampling's slowing, then BACKUP_BLOCK.blocks profiled blocks, every one of them, so no write or checkpoint of
 * the backup falls outside the samples (a checkpoint comes every few blocks, in step with them).
 */
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
    const [source, byFunction] = [sourceOf(new Map()), new Map<string, number>()];
    const blocks: { backup: number; threadMs: number }[] = [];
    let unprofiledMs = 0;
    for (let block = 0; block < BACKUP_BLOCK.scaleBlocks + BACKUP_BLOCK.blocks; block += 1) {
      const profiled = block >= BACKUP_BLOCK.scaleBlocks;
      const before = await busyMs(cdp);
      if (profiled) await cdp.send("Profiler.start");
      for (let stroke = 0; stroke < BACKUP_BLOCK.strokes; stroke += 1)
        await drawProbeStroke(page, workload, 1 + ((block + stroke) % workload.probeStrokes));
      await page.waitForTimeout(BACKUP_BLOCK.quietMs);
      const profile = profiled ? (await cdp.send("Profiler.stop")).profile : null;
      const threadMs = (await busyMs(cdp)) - before;
      if (profile === null) unprofiledMs += threadMs;
      else blocks.push({ backup: (await sampledTimes(profile, source, byFunction)) / 1000, threadMs });
    }
    const sum = (some: typeof blocks, key: "backup" | "threadMs") =>
      some.reduce((total, block) => total + block[key], 0);
    const strokeMs = unprofiledMs / (BACKUP_BLOCK.scaleBlocks * BACKUP_BLOCK.strokes);
    // What sampling adds to the page's time, taken out of the backup's sampled time alike.
    const scale = strokeMs / (sum(blocks, "threadMs") / (blocks.length * BACKUP_BLOCK.strokes));
    const perStroke = (some: typeof blocks) =>
      (sum(some, "backup") * scale) / (some.length * BACKUP_BLOCK.strokes);
    const perGroup = blocks.length / BACKUP_BLOCK.groups;
    const groups = Array.from({ length: BACKUP_BLOCK.groups }, (_, group) =>
      perStroke(blocks.slice(group * perGroup, (group + 1) * perGroup)),
    );
    const strokes = blocks.length * BACKUP_BLOCK.strokes;
    const top = [...byFunction.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, us]) => [name, (us / 1000 / strokes) * scale] as const);
    return { perStroke: perStroke(blocks), groups, top, strokeMs, scale };
  } finally {
    await context.close();
  }
}

/** The figure as the bench prints it: overall, the groups' median and range, and where the time went. */
export function describeCost(cost: BackupCost): string {
  const groups = [...cost.groups].sort((a, b) => a - b);
  const spread = `${groups[0]?.toFixed(3)}-${groups.at(-1)?.toFixed(3)}`;
  const top = cost.top.map(([name, ms]) => `${(ms * 1000).toFixed(0)} µs ${name}`).join("; ");
  return `${cost.perStroke.toFixed(3)} ms (${BACKUP_BLOCK.blocks * BACKUP_BLOCK.strokes} strokes profiled, their time scaled by ${cost.scale.toFixed(2)}; ${BACKUP_BLOCK.groups} groups: median ${median(groups).toFixed(3)}, ${spread}; a stroke's whole main thread ${cost.strokeMs.toFixed(2)} ms) [per stroke: ${top}]`;
}
