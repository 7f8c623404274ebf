/**
 * Fanvas's per-move cost against the floor's, measured side by side: both mounted at full drawing at once,
 * each in a browser of its own, probe strokes drawn in short blocks that alternate between them. This
 * machine's load drifts by tens of percent over the minute between one system's page and the next in a run
 * (the floor's own figure moved 0.14-0.17 ms / move between runs of one bench); blocks a second or less apart
 * meet the same load.
 *
 * Every millisecond of each page's main thread from the first block to a quiet end is counted to it, whenever
 * it lands: what a system defers past its strokes (Fanvas's backup writes once the visitor rests 150 ms,
 * which here is after each of its blocks, as for a visitor who pauses between strokes) is its own, even when
 * it runs during the other's block. The verdict is the ratio of the totals; a median of per-pair ratios would
 * leave out work that lands in some pairs only (the backup's copy of the canvas every 33rd stroke).
 */
import type { Browser, CDPSession, Page } from "@playwright/test";
import { launchBenchBrowser } from "./browser.ts";
import {
  buildUp,
  busyMs,
  drawProbeStroke,
  drawWarmUpStroke,
  MOVES_PER_PROBE,
  openSystemPage,
  QUIET_AFTER_BUILD_UP_MS,
  type Workload,
} from "./measure.ts";
import type { SystemName } from "./page/api.ts";
import { middleHalf } from "./stats.ts";

/** Probe strokes per block. */
export const STROKES_PER_BLOCK = 2;

/** Quiet time after the last pair, counted: long enough for anything either system deferred to be done. */
export const FINAL_SETTLE_MS = 1500;

/**
 * Probe strokes drawn on each page, unmeasured, after its build-up and before the measured pairs. Without them
 * Fanvas's first 30 or so pairs cost more than its later ones and the floor's do not: in five of six runs on
 * 2026-11-26 the groups of the first 30 pairs averaged 1.11-1.19x the floor, those of the last 30
 * 1.03-1.08x. It is not deferred work (the page's main thread and the machine were idle after the build-up)
 * nor the backup (Fanvas without it showed it too). Part of it is Fanvas's JavaScript speeding up on the
 * browser's own input after 1,000 strokes dispatched from script: 16-17 ms per 10 strokes at first, 11-12 ms
 * after 50 (Chromium's ScriptDuration). A visitor at 1,000 strokes drew them all with real input and is past
 * it, so the verdict counts the steady state. Both pages draw the same strokes.
 */
export const WARM_UP_STROKES = 40;

/** Pairs per group of the spread: each group's ratio of totals, of which the middle half is shown. */
export const PAIRS_PER_GROUP = 10;

/** What the paired measurement found. */
export interface PairedFigures {
  /** a's main-thread ms / move over b's, all pairs' totals. */
  readonly ratio: number;
  /** The same ratio in each group of PAIRS_PER_GROUP consecutive pairs. */
  readonly groupRatios: readonly number[];
  /** Each system's main-thread ms / move over all its blocks. */
  readonly msPerMove: Readonly<Record<"a" | "b", number>>;
}

/** A system mounted at full drawing in a browser of its own, with the DevTools session that measures it. */
export interface Mounted {
  readonly browser: Browser;
  readonly page: Page;
  readonly cdp: CDPSession;
}

/** A browser of its own with `name` mounted and its drawing built up, settled and collected. */
export async function mountAtFullDrawing(
  url: string,
  name: SystemName,
  workload: Workload,
): Promise<Mounted> {
  const { browser, context } = await launchBenchBrowser();
  try {
    const { page, cdp } = await openSystemPage(context, url, name);
    await drawWarmUpStroke(page, workload);
    await buildUp(page, workload);
    for (let stroke = 0; stroke < WARM_UP_STROKES; stroke += 1)
      await drawProbeStroke(page, workload, 1 + (stroke % workload.probeStrokes));
    await page.waitForTimeout(QUIET_AFTER_BUILD_UP_MS);
    await cdp.send("HeapProfiler.collectGarbage");
    return { browser, page, cdp };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** Draws one block's probe strokes on `mounted`, one after another as a visitor would. */
export async function drawBlock(mounted: Mounted, workload: Workload, firstProbe: number): Promise<void> {
  for (let stroke = 0; stroke < STROKES_PER_BLOCK; stroke += 1)
    await drawProbeStroke(mounted.page, workload, 1 + ((firstProbe + stroke) % workload.probeStrokes));
}

/** Main-thread ms so far of a and b, read back to back. */
function busyOfBoth(a: Mounted, b: Mounted): Promise<[number, number]> {
  return Promise.all([busyMs(a.cdp), busyMs(b.cdp)]);
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** A system on a bench page (a page built from another checkout can hold the code of another commit). */
export interface Side {
  readonly url: string;
  readonly name: SystemName;
}

/**
 * `pairs` block pairs of `a` and `b` at full drawing, the order alternating pair by pair (a-b, b-a, ...), the
 * same probe strokes in both blocks of a pair; each system's main-thread time counted without a gap.
 */
export function pairedPerMove(
  url: string,
  systems: readonly [SystemName, SystemName],
  workload: Workload,
  pairs: number,
): Promise<PairedFigures> {
  return pairedSides(
    [
      { url, name: systems[0] },
      { url, name: systems[1] },
    ],
    workload,
    pairs,
  );
}

/** pairedPerMove for systems on pages of their own (this code's against a baseline commit's). */
export async function pairedSides(
  sides: readonly [Side, Side],
  workload: Workload,
  pairs: number,
): Promise<PairedFigures> {
  const mounted: Mounted[] = [];
  try {
    for (const { url, name } of sides) mounted.push(await mountAtFullDrawing(url, name, workload));
    const [a, b] = mounted as [Mounted, Mounted];
    const busy = { a: [] as number[], b: [] as number[] };
    let last = await busyOfBoth(a, b);
    for (let pair = 0; pair < pairs; pair += 1) {
      const firstProbe = pair * STROKES_PER_BLOCK;
      for (const side of pair % 2 === 0 ? [a, b] : [b, a]) await drawBlock(side, workload, firstProbe);
      if (pair === pairs - 1) await new Promise((resolve) => setTimeout(resolve, FINAL_SETTLE_MS));
      const now = await busyOfBoth(a, b);
      busy.a.push(now[0] - last[0]);
      busy.b.push(now[1] - last[1]);
      last = now;
    }
    const groupRatios: number[] = [];
    for (let first = 0; first + PAIRS_PER_GROUP <= pairs; first += PAIRS_PER_GROUP) {
      const group = (values: number[]) => values.slice(first, first + PAIRS_PER_GROUP);
      groupRatios.push(sum(group(busy.a)) / sum(group(busy.b)));
    }
    const moves = pairs * STROKES_PER_BLOCK * MOVES_PER_PROBE;
    return {
      ratio: sum(busy.a) / sum(busy.b),
      groupRatios,
      msPerMove: { a: sum(busy.a) / moves, b: sum(busy.b) / moves },
    };
  } finally {
    for (const { browser } of mounted) await browser.close();
  }
}

/** "1.070x (0.171 and 0.159 ms / move over all their blocks; groups of 10 pairs: ..., middle half 1.03-1.09)". */
export function describePaired({ ratio, groupRatios, msPerMove }: PairedFigures): string {
  const groups =
    groupRatios.length === 0
      ? ""
      : `; groups of ${PAIRS_PER_GROUP} pairs: ${groupRatios.map((group) => group.toFixed(2)).join(", ")}, middle half ${middleHalf(groupRatios)}`;
  return `${ratio.toFixed(3)}x (${msPerMove.a.toFixed(3)} and ${msPerMove.b.toFixed(3)} ms / move over all their blocks${groups})`;
}
