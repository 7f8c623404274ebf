/**
 * Fanvas's per-move cost against the floor's, measured in pairs: both mounted at full drawing at once, each in
 * a browser of its own, probe strokes drawn in blocks that alternate between them. This machine's load drifts
 * by tens of percent over the minute between one system's page and the next in a run (the floor's own figure
 * moved 0.14-0.17 ms / move between runs of one bench); a block of one and the next block of the other share
 * the same moment, so each pair's ratio is free of that drift, and the median over many pairs is the verdict.
 */
import { type Browser, type CDPSession, chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/helpers/chromium.ts";
import {
  busyMs,
  drawProbe,
  MOVES_PER_PROBE,
  QUIET_AFTER_BUILD_UP_MS,
  TRAILING_FRAMES,
  type Workload,
  withTimeout,
} from "./measure.ts";
import type { SystemName } from "./page/api.ts";
import { median } from "./stats.ts";

/** Probe strokes per block. */
export const STROKES_PER_BLOCK = 5;

/**
 * Quiet time at the end of each block, counted in it: what a system defers after its last stroke (Fanvas's
 * backup writes 150 ms after the visitor rests) lands in its own block, never in the other system's.
 */
export const BLOCK_SETTLE_MS = 400;

/** What the paired measurement found: the pairs' ratios, and each system's ms / move over its blocks. */
export interface PairedFigures {
  readonly ratios: readonly number[];
  readonly msPerMove: Readonly<Record<"a" | "b", number>>;
}

interface Mounted {
  readonly browser: Browser;
  readonly page: Page;
  readonly cdp: CDPSession;
}

/** A browser of its own with `name` mounted and its drawing built up, settled and collected. */
async function mountAtFullDrawing(url: string, name: SystemName, workload: Workload): Promise<Mounted> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  const context = await browser.newContext({ viewport: { width: 700, height: 700 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(url);
  await page.waitForFunction(() => "fanvasBench" in window);
  await page.evaluate((system) => window.fanvasBench.mount(system), name);
  // One unmeasured stroke compiles the system's code, as the sequential figures' warm-up does.
  await page.evaluate(() => window.fanvasBench.prepareProbe(0));
  await drawProbe(page, 0, workload.movesPerFrame, 0);
  const prefill = page.evaluate((count) => window.fanvasBench.prefill(count), workload.strokes);
  await withTimeout(prefill, workload.stepTimeoutMs, "prefill");
  await page.waitForTimeout(QUIET_AFTER_BUILD_UP_MS);
  await cdp.send("HeapProfiler.collectGarbage");
  return { browser, page, cdp };
}

/** Main-thread ms per move of one block: its probe strokes, then its settle time. */
async function blockMsPerMove(mounted: Mounted, workload: Workload, firstProbe: number): Promise<number> {
  const { page, cdp } = mounted;
  const before = await busyMs(cdp);
  for (let stroke = 0; stroke < STROKES_PER_BLOCK; stroke += 1) {
    const probe = 1 + ((firstProbe + stroke) % workload.probeStrokes);
    await page.evaluate((index) => window.fanvasBench.prepareProbe(index), probe);
    const draw = drawProbe(page, probe, workload.movesPerFrame, TRAILING_FRAMES);
    await withTimeout(draw, workload.stepTimeoutMs, "a probe stroke");
  }
  await page.waitForTimeout(BLOCK_SETTLE_MS);
  return ((await busyMs(cdp)) - before) / (STROKES_PER_BLOCK * MOVES_PER_PROBE);
}

/**
 * `pairs` block pairs of `a` and `b` at full drawing, the order alternating pair by pair (a-b, b-a, ...), the
 * same probe strokes in both blocks of a pair. Resolves with each pair's ratio a / b.
 */
export async function pairedPerMove(
  url: string,
  systems: readonly [SystemName, SystemName],
  workload: Workload,
  pairs: number,
): Promise<PairedFigures> {
  const mounted: Mounted[] = [];
  try {
    for (const name of systems) mounted.push(await mountAtFullDrawing(url, name, workload));
    const [a, b] = mounted as [Mounted, Mounted];
    const ratios: number[] = [];
    const perMove = { a: [] as number[], b: [] as number[] };
    for (let pair = 0; pair < pairs; pair += 1) {
      const firstProbe = pair * STROKES_PER_BLOCK;
      const first = pair % 2 === 0 ? "a" : "b";
      const times = { a: 0, b: 0 };
      for (const side of first === "a" ? (["a", "b"] as const) : (["b", "a"] as const)) {
        times[side] = await blockMsPerMove(side === "a" ? a : b, workload, firstProbe);
        perMove[side].push(times[side]);
      }
      ratios.push(times.a / times.b);
    }
    return { ratios, msPerMove: { a: median(perMove.a), b: median(perMove.b) } };
  } finally {
    for (const { browser } of mounted) await browser.close();
  }
}
