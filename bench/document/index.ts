/**
 * The figures of the drawing as a log (`npm run bench -- --only document [--baseline <checkout>]`):
 * the crash backup's cost per stroke on the main thread, replaying the whole drawing's log from its start on a
 * fresh engine, and, with a baseline (a checkout of another commit, its dependencies installed or linked), the
 * per-move cost side by side with that commit's Fanvas and its backup's cost measured the same way (its bench
 * page must have the backup switch: bench/page/adapters/fanvas.ts). Undo and restore are the page bench's.
 */

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { VerdictRow } from "../benchmarks-file.ts";
import { launchBenchBrowser } from "../browser.ts";
import { buildBenchPage } from "../build.ts";
import { loadAverage, machineHeading } from "../machine.ts";
import { buildUp, openSystemPage, type Workload } from "../measure.ts";
import { describePaired, pairedSides } from "../paired.ts";
import { serveStatic } from "../serve.ts";
import { median } from "../stats.ts";
import { type BackupCost, backupCostPerStroke, describeCost } from "./backup-cost.ts";

/** A bench page served from a build of this checkout or of `checkout`. */
async function servePage(checkout: string | null): Promise<{ url: string; close: () => Promise<void> }> {
  const outDir = await mkdtemp(join(tmpdir(), "fanvas-bench-"));
  // Both pages are built by this checkout's build, for the source maps the backup's profile is traced through.
  await buildBenchPage(outDir, checkout === null ? undefined : join(checkout, "bench", "page"));
  const server = await serveStatic(outDir);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

/** Replays of the full drawing timed, fresh engines each, in one page. */
const REPLAYS = 5;

async function replayFromStart(
  url: string,
  workload: Workload,
): Promise<{ ms: number[]; operations: number }> {
  const { browser, context } = await launchBenchBrowser();
  try {
    const { page } = await openSystemPage(context, url, "fanvas");
    await buildUp(page, workload);
    const ms: number[] = [];
    let operations = 0;
    for (let run = 0; run < REPLAYS; run += 1) {
      const timed = await page.evaluate(() => window.fanvasBench.replay());
      if (timed === null) throw new Error("Fanvas's bench adapter has no replay");
      ms.push(timed.ms);
      operations = timed.operations;
    }
    return { ms, operations };
  } finally {
    await browser.close();
  }
}

async function backupCost(url: string, workload: Workload): Promise<BackupCost> {
  const { browser } = await launchBenchBrowser();
  try {
    return await backupCostPerStroke(browser, url, workload);
  } finally {
    await browser.close();
  }
}

/** Runs the figures; returns their text and verdict rows. */
export async function runDocumentBench(options: {
  readonly workload: Workload;
  readonly pairs: number;
  readonly baseline: string | null;
}): Promise<{ text: string; verdicts: VerdictRow[] }> {
  const loadAtStart = loadAverage();
  const mine = await servePage(null);
  const base = options.baseline === null ? null : await servePage(options.baseline);
  try {
    const lines: string[] = [];
    const verdicts: VerdictRow[] = [];
    const replay = await replayFromStart(mine.url, options.workload);
    const replayMedian = median(replay.ms);
    lines.push(
      `replay of the whole log (${replay.operations} operations) from its start on a fresh engine: ${replayMedian.toFixed(1)} ms median (${replay.ms.map((ms) => ms.toFixed(0)).join(", ")})`,
    );
    verdicts.push([
      `replay of ${replay.operations} operations from the start`,
      `${replayMedian.toFixed(1)} ms`,
      "report",
      "reported",
    ]);
    const cost = await backupCost(mine.url, options.workload);
    const baseCost = base === null ? null : await backupCost(base.url, options.workload).catch(() => null);
    lines.push(`backup per stroke at ${options.workload.strokes} strokes: ${describeCost(cost)}`);
    if (baseCost !== null)
      lines.push(`the baseline's backup per stroke, measured the same way: ${describeCost(baseCost)}`);
    verdicts.push([
      `backup per stroke on the main thread at ${options.workload.strokes} strokes`,
      `${cost.perStroke.toFixed(3)} ms (groups ${Math.min(...cost.groups).toFixed(3)}-${Math.max(...cost.groups).toFixed(3)})${baseCost === null ? "" : `; the baseline's ${baseCost.perStroke.toFixed(3)} ms`}`,
      "<= 0.3 ms",
      // Met only when every group of blocks holds it, not the overall mean alone.
      Math.max(...cost.groups) <= 0.3 ? "met" : "MISSED",
    ]);
    if (base !== null && options.pairs > 0) {
      const sides = [
        { url: mine.url, name: "fanvas" },
        { url: base.url, name: "fanvas" },
      ] as const;
      const paired = await pairedSides(sides, options.workload, options.pairs);
      lines.push(
        `ms / move at ${options.workload.strokes} strokes, this Fanvas over the baseline's side by side: ${describePaired(paired)}`,
      );
      verdicts.push([
        "ms / move at full drawing vs the code before",
        describePaired(paired),
        "<= 1.05x",
        paired.ratio <= 1.05 ? "met" : "MISSED",
      ]);
    }
    const text = [
      machineHeading(loadAtStart),
      ...lines,
      `load average ${loadAverage().toFixed(1)} at end`,
    ].join("\n");
    return { text, verdicts };
  } finally {
    await mine.close();
    await base?.close();
  }
}
