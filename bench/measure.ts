import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import type { RestoreResult, SystemName } from "./page/api.ts";
import type { PairedFigures } from "./paired.ts";
import { intervals, median } from "./stats.ts";

/** What one run measured for one system. */
export interface RunSample {
  readonly moveEmpty: number;
  readonly moveFull: number | null;
  readonly frameInterval: number | null;
  /** Median ms until on screen over this run's undos. */
  readonly undo: number | null;
  /** Main-thread CPU ms per undo, frames around it included. */
  readonly undoCpu: number | null;
  readonly restore: RestoreResult | null;
  readonly inked: number | null;
  /** How long drawing the full drawing took, ms (informative: shows where the run time goes). */
  readonly prefillMs: number | null;
  /** fanvas-cursor only: per pair, ms / move with the brush cursor on over off (see pairedCursorRatios). */
  readonly cursorRatios: readonly number[] | null;
}

/** Medians over the runs for one system (null where the figure does not apply). */
export interface SystemSummary {
  readonly name: SystemName;
  readonly moveEmpty: number | null;
  readonly moveFull: number | null;
  readonly frameInterval: number | null;
  readonly undo: number | null;
  readonly undoCpu: number | null;
  readonly restore: number | null;
  readonly restoreLabel: string;
  readonly restorePending: boolean;
  readonly initialBytes: number | null;
  readonly bytesLabel: string;
  readonly inked: number | null;
  /** fanvas-cursor: every run's paired ratios, brush cursor on over off (bench/measure.ts). */
  readonly cursorRatios: readonly number[];
  /**
   * ms / move at full drawing over the system this one is judged against, measured side by side
   * (bench/paired.ts): fanvas against the floor, fanvas-zoomed against fanvas unzoomed; null when not run.
   */
  readonly sideBySide: PairedFigures | null;
}

/** How much to draw; the same for every system. */
export interface Workload {
  readonly strokes: number;
  readonly probeStrokes: number;
  readonly movesPerFrame: number;
  readonly stepTimeoutMs: number;
}

/** Moves per probe stroke: 100 points = 1 press + 99 moves (+ the release at the last point). */
export const MOVES_PER_PROBE = 99;
/** Quiet frames after each probe stroke, so deferred renders (React, SVG repaint) fall inside the window. */
const TRAILING_FRAMES = 2;
/** Moves per frame in the frame-interval test: a few, as a fast hand gives, and fewer frames to wait for. */
export const FRAME_TEST_MOVES = 3;
/** Undos timed per run (one at a time, each back on screen before the next), for a steadier median. */
const UNDOS_PER_RUN = 3;

/**
 * Quiet time after the drawing is built up, before anything is timed: work a system defers past its last
 * stroke (Fanvas's crash backup writes 150 ms after the visitor rests, at most a second after a change; a
 * React system renders later) is done with by then, for every system alike, as the build-up's garbage is
 * collected before each per-move figure. Left to land in the first probe strokes, the backup's write of the
 * build-up's last strokes (a copy of most of the canvas) weighed on one system's figure and not another's.
 */
export const QUIET_AFTER_BUILD_UP_MS = 1500;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * CPU time of the page's main thread so far, in ms (Chrome's ThreadTime metric). CPU time rather than task
 * wall time (TaskDuration): idle time never counts, and other processes on a busy machine inflate it far less.
 */
export async function busyMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const thread = metrics.find((metric) => metric.name === "ThreadTime");
  if (thread === undefined) throw new Error("Chromium reported no ThreadTime metric");
  return thread.value * 1000;
}

function drawProbe(
  page: Page,
  probe: number,
  movesPerFrame: number,
  trailingFrames: number,
): Promise<number[]> {
  return page.evaluate(([index, moves, trailing]) => window.fanvasBench.drawProbe(index, moves, trailing), [
    probe,
    movesPerFrame,
    trailingFrames,
  ] as const);
}

/**
 * Main-thread ms per pointer move: probe strokes drawn frame by frame (`movesPerFrame` moves a frame),
 * each bracketed by Chrome's ThreadTime metric, so everything the page did in between counts (event
 * dispatch, the system's handlers, React renders, style/layout/paint, canvas rasterisation) and idle time
 * does not. The brush is set before each bracket. With `warmUp`, probe 0 is drawn unmeasured first so the
 * empty-canvas figure is not the cost of compiling the system's code.
 */
async function perMove(page: Page, cdp: CDPSession, workload: Workload, warmUp: boolean): Promise<number> {
  // The garbage of what came before (building the drawing, reading its pixels back) is collected now, for
  // every system alike: left to V8, one system's major collection (20-30 ms) would land in a probe stroke's
  // window and another's not. (It did: the floor's, after the 1,000 strokes, flattering every ratio to it.)
  await cdp.send("HeapProfiler.collectGarbage");
  if (warmUp) await drawWarmUpStroke(page, workload);
  let busy = 0;
  for (let index = 1; index <= workload.probeStrokes; index += 1)
    busy += await probeBusyMs(page, cdp, workload, index);
  return busy / (workload.probeStrokes * MOVES_PER_PROBE);
}

/** Probe stroke 0, drawn unmeasured: it compiles the system's code before anything is timed. */
export async function drawWarmUpStroke(page: Page, workload: Workload): Promise<void> {
  await prepareProbe(page, 0);
  await drawProbe(page, 0, workload.movesPerFrame, 0);
}

/** Sets probe stroke `index`'s brush (kept out of any measurement). */
function prepareProbe(page: Page, index: number): Promise<void> {
  return page.evaluate((probe) => window.fanvasBench.prepareProbe(probe), index);
}

/** Draws probe stroke `index`, prepared, as the per-move figures do (TRAILING_FRAMES after it). */
async function drawPreparedProbe(page: Page, workload: Workload, index: number): Promise<void> {
  const draw = drawProbe(page, index, workload.movesPerFrame, TRAILING_FRAMES);
  await withTimeout(draw, workload.stepTimeoutMs, "a probe stroke");
}

/** Sets probe stroke `index`'s brush, then draws it as the per-move figures do. */
export async function drawProbeStroke(page: Page, workload: Workload, index: number): Promise<void> {
  await prepareProbe(page, index);
  await drawPreparedProbe(page, workload, index);
}

/** Main-thread CPU ms of drawing probe stroke `index` (its brush set first, outside the bracket). */
async function probeBusyMs(page: Page, cdp: CDPSession, workload: Workload, index: number): Promise<number> {
  await prepareProbe(page, index);
  const before = await busyMs(cdp);
  await drawPreparedProbe(page, workload, index);
  return (await busyMs(cdp)) - before;
}

/** Draws the workload's full drawing on the mounted system, then leaves the page quiet; resolves with the build-up's ms. */
export async function buildUp(page: Page, workload: Workload): Promise<number> {
  const prefill = page.evaluate((count) => window.fanvasBench.prefill(count), workload.strokes);
  const prefillMs = await withTimeout(prefill, workload.stepTimeoutMs, "prefill");
  await page.waitForTimeout(QUIET_AFTER_BUILD_UP_MS);
  return prefillMs;
}

/** A page of `context` with `name` mounted, and its DevTools session with the performance metrics on. */
export async function openSystemPage(
  context: BrowserContext,
  url: string,
  name: SystemName,
): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await page.goto(url);
    await page.waitForFunction(() => "fanvasBench" in window);
    await page.evaluate((system) => window.fanvasBench.mount(system), name);
    return { page, cdp };
  } catch (error) {
    await page.close();
    throw error;
  }
}

/** Probe pairs per run for the brush cursor's paired figure. */
const CURSOR_PAIRS = 10;

/**
 * The brush cursor's per-move cost, paired: the same probe stroke drawn with the preview on and with it off,
 * back to back on the same full drawing in the same page, the order alternating (on-off, off-on, ...), so the
 * machine's load and any drift slower than a stroke cancel out instead of landing on one side. Returns each
 * pair's ratio, on over off; the preview is left on.
 */
async function pairedCursorRatios(page: Page, cdp: CDPSession, workload: Workload): Promise<number[]> {
  const setCursor = (on: boolean) => page.evaluate((state) => window.fanvasBench.setCursor(state), on);
  const ratios: number[] = [];
  for (let pair = 0; pair < CURSOR_PAIRS; pair += 1) {
    const probe = 1 + (pair % workload.probeStrokes);
    const busy = { on: 0, off: 0 };
    for (const on of pair % 2 === 0 ? [true, false] : [false, true]) {
      await setCursor(on);
      busy[on ? "on" : "off"] = await probeBusyMs(page, cdp, workload, probe);
    }
    ratios.push(busy.on / busy.off);
  }
  await setCursor(true);
  return ratios;
}

/** Median frame-to-frame interval while a stroke is drawn with FRAME_TEST_MOVES moves per frame. */
async function frameInterval(page: Page, workload: Workload): Promise<number> {
  const probe = workload.probeStrokes + 1;
  await page.evaluate((index) => window.fanvasBench.prepareProbe(index), probe);
  const draw = drawProbe(page, probe, FRAME_TEST_MOVES, 0);
  return median(intervals(await withTimeout(draw, workload.stepTimeoutMs, "the frame-interval stroke")));
}

/** One run of every figure for one system, in a page of its own. */
export async function measureSystem(
  context: BrowserContext,
  url: string,
  name: SystemName,
  workload: Workload,
): Promise<RunSample> {
  const { page, cdp } = await openSystemPage(context, url, name);
  try {
    const moveEmpty = await perMove(page, cdp, workload, true);
    if (name === "harness") {
      const none = {
        moveFull: null,
        frameInterval: null,
        undo: null,
        undoCpu: null,
        restore: null,
        inked: null,
        prefillMs: null,
        cursorRatios: null,
      };
      return { moveEmpty, ...none };
    }
    const step = <T>(what: string, run: () => Promise<T>) => withTimeout(run(), workload.stepTimeoutMs, what);
    const prefillMs = await buildUp(page, workload);
    const inked = await page.evaluate(() => window.fanvasBench.inkedShare());
    const moveFull = await perMove(page, cdp, workload, false);
    const cursorRatios = name === "fanvas-cursor" ? await pairedCursorRatios(page, cdp, workload) : null;
    const interval = await frameInterval(page, workload);
    const beforeUndo = await busyMs(cdp);
    const undos = await step("undo", () =>
      page.evaluate((times) => window.fanvasBench.undo(times), UNDOS_PER_RUN),
    );
    const undoCpu = undos === null ? null : ((await busyMs(cdp)) - beforeUndo) / undos.length;
    const undo = undos === null ? null : median(undos);
    const restore = await step("restore", () => page.evaluate(() => window.fanvasBench.restore()));
    const figures = { moveEmpty, moveFull, frameInterval: interval, undo, undoCpu, restore, inked };
    return { ...figures, prefillMs, cursorRatios };
  } finally {
    await page.close();
  }
}
