/**
 * The crash backup's cost per stroke on the page's main thread, at full drawing: two pages of one browser (in
 * contexts of their own, so their IndexedDB and tabs are apart), each with Fanvas mounted and built up alike,
 * one with its backup on and one with it off from the start
 * (bench/page/adapters/fanvas.ts's switch: it hears none of that page's changes, so it does nothing). Probe
 * strokes are drawn in blocks on each page in turn, each block's main-thread CPU counted from its first press to
 * a quiet second and a half after its last release, so all the backup does for a block lands in it: each
 * operation kept, the batched write (at most a second later) and a checkpoint when one is due (400 ms after the
 * last change). Switching one page's backup on and off instead leaves its log with holes the backup never does
 * the work of (a log's checkpoints, for one, stop being due), which under-counts it. Halfway the pages swap
 * roles (the backup turned off on the first, on on the second and left to catch up before the blocks go on),
 * so a difference between the two renderers themselves (seen up to half a millisecond a stroke) cancels out.
 */
import type { Browser, BrowserContext, CDPSession, Page } from "@playwright/test";
import { buildUp, busyMs, drawProbeStroke, openSystemPage, type Workload } from "../measure.ts";
import { median } from "../stats.ts";

/** Probe strokes per block, pairs of blocks (one on each page), and the quiet time counted after each block. */
export const BACKUP_BLOCK = { strokes: 8, pairs: 40, quietMs: 1500 } as const;

/**
 * What the backup cost per stroke: the mean of the pairs' differences without the tenth at each end (a garbage
 * collection or the machine's other work landing in one block of a pair), their median, and from all blocks'
 * totals.
 */
export interface BackupCost {
  readonly perStroke: number;
  readonly medianPerStroke: number;
  readonly totalsPerStroke: number;
  /** Main-thread ms per stroke with the backup off, for scale. */
  readonly strokeMs: number;
}

/** A page with Fanvas built up to the workload's drawing, its backup on or off from the start. */
async function builtUpPage(
  context: BrowserContext,
  url: string,
  workload: Workload,
  backup: boolean,
): Promise<{ page: Page; cdp: CDPSession }> {
  const opened = await openSystemPage(context, url, "fanvas");
  await opened.page.evaluate((state) => window.fanvasBench.setBackup(state), backup);
  await buildUp(opened.page, workload);
  for (let stroke = 0; stroke < 20; stroke += 1)
    await drawProbeStroke(opened.page, workload, 1 + (stroke % 10));
  return opened;
}

/** Turns the backup off on the first page and on on the second, which then catches up unmeasured. */
async function swapBackup(pages: readonly { page: Page }[], workload: Workload): Promise<void> {
  const [first, second] = pages.map(({ page }) => page);
  if (first === undefined || second === undefined) return;
  await first.evaluate(() => window.fanvasBench.setBackup(false));
  await second.evaluate(() => window.fanvasBench.setBackup(true));
  for (let stroke = 0; stroke < BACKUP_BLOCK.strokes; stroke += 1)
    await drawProbeStroke(second, workload, 1 + stroke);
  await second.waitForTimeout(3 * BACKUP_BLOCK.quietMs);
}

/** Measures the backup's cost per stroke on the bench page at `url` (its "fanvas" system must have the switch). */
export async function backupCostPerStroke(
  browser: Browser,
  url: string,
  workload: Workload,
): Promise<BackupCost> {
  const context = () => browser.newContext({ viewport: { width: 700, height: 700 }, deviceScaleFactor: 1 });
  const pages = [
    await builtUpPage(await context(), url, workload, true),
    await builtUpPage(await context(), url, workload, false),
  ];
  try {
    const busy = { on: [] as number[], off: [] as number[] };
    for (let pair = 0; pair < BACKUP_BLOCK.pairs; pair += 1) {
      // Halfway, the pages swap: the backup goes off on the first and on on the second (what it does to catch up
      // is left out), so what differs between the two pages themselves cancels out of the mean.
      const swapped = pair >= BACKUP_BLOCK.pairs / 2;
      if (pair === BACKUP_BLOCK.pairs / 2) await swapBackup(pages, workload);
      if (pair === 0) await pages[0]?.page.waitForTimeout(BACKUP_BLOCK.quietMs);
      for (const side of pair % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const)) {
        const { page, cdp } = pages[(side === "on") === swapped ? 1 : 0] as (typeof pages)[number];
        const before = await busyMs(cdp);
        for (let stroke = 0; stroke < BACKUP_BLOCK.strokes; stroke += 1)
          await drawProbeStroke(page, workload, 1 + ((pair + stroke) % workload.probeStrokes));
        await page.waitForTimeout(BACKUP_BLOCK.quietMs);
        busy[side].push((await busyMs(cdp)) - before);
      }
    }
    const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
    const strokes = BACKUP_BLOCK.pairs * BACKUP_BLOCK.strokes;
    const differences = busy.on.map((on, index) => on - (busy.off[index] ?? on)).sort((a, b) => a - b);
    const cut = Math.floor(differences.length / 10);
    const kept = differences.slice(cut, differences.length - cut);
    return {
      perStroke: total(kept) / kept.length / BACKUP_BLOCK.strokes,
      medianPerStroke: median(differences) / BACKUP_BLOCK.strokes,
      totalsPerStroke: (total(busy.on) - total(busy.off)) / strokes,
      strokeMs: total(busy.off) / strokes,
    };
  } finally {
    for (const { page } of pages) await page.context().close();
  }
}
