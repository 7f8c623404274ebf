/**
 * The crash backup's cost per stroke on the page's main thread, at full drawing: one page, Fanvas mounted and
 * built up, probe strokes drawn in blocks with the backup on and off in turn (bench/page/adapters/fanvas.ts's
 * switch), each block's main-thread CPU counted from its first press to a quiet second after its last release,
 * so what the backup does once the visitor rests (a checkpoint) lands in its own block.
 */
import type { BrowserContext } from "@playwright/test";
import { buildUp, busyMs, drawProbeStroke, openSystemPage, type Workload } from "../measure.ts";
import { median } from "../stats.ts";

/**
 * Probe strokes per block, pairs of blocks (one on, one off), and the quiet time counted after each block: long
 * enough for a checkpoint due (taken 400 ms after the last change) to land in its own block.
 */
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

/** Measures the backup's cost per stroke on the bench page at `url` (its "fanvas" system must have the switch). */
export async function backupCostPerStroke(
  context: BrowserContext,
  url: string,
  workload: Workload,
): Promise<BackupCost> {
  const { page, cdp } = await openSystemPage(context, url, "fanvas");
  try {
    await buildUp(page, workload);
    for (let stroke = 0; stroke < 20; stroke += 1) await drawProbeStroke(page, workload, 1 + (stroke % 10));
    await page.waitForTimeout(BACKUP_BLOCK.quietMs);
    const busy = { on: [] as number[], off: [] as number[] };
    for (let pair = 0; pair < BACKUP_BLOCK.pairs; pair += 1) {
      for (const on of pair % 2 === 0 ? [true, false] : [false, true]) {
        await page.evaluate((state) => window.fanvasBench.setBackup(state), on);
        const before = await busyMs(cdp);
        for (let stroke = 0; stroke < BACKUP_BLOCK.strokes; stroke += 1)
          await drawProbeStroke(page, workload, 1 + ((pair + stroke) % workload.probeStrokes));
        await page.waitForTimeout(BACKUP_BLOCK.quietMs);
        busy[on ? "on" : "off"].push((await busyMs(cdp)) - before);
      }
    }
    await page.evaluate(() => window.fanvasBench.setBackup(true));
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
    await page.close();
  }
}
