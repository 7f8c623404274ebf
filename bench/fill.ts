/**
 * The fill's figures: Fanvas's flood fill against a plain scanline flood fill written as the
 * reference, both filling the whole background of the default canvas (white + mirrored mascot), in one page
 * of the same Chromium, interleaved; and what the whole tap costs the page.
 */
import type { BrowserContext } from "@playwright/test";
import { DEFAULT_FILL_TOLERANCE } from "../src/client/tools/fill/flood-fill.ts";
import type { VerdictRow } from "./benchmarks-file.ts";
import { loadAverage } from "./machine.ts";
import type { FillTimes } from "./page/fill-bench.ts";
import { formatMs, median, percentile } from "./stats.ts";

/** Repetitions per run; each is a few milliseconds. */
const REPS = 43;
/** The first repetitions of a run warm the code up and are not kept. */
const WARM_UP = 3;

/** The 10th and 90th percentiles: the spread a noisy machine gives. */
function spread(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${formatMs(percentile(sorted, 0.1))}-${formatMs(percentile(sorted, 0.9))}`;
}

/** What a fill bench leaves: its report's lines (Markdown, readable as text) and its verdict rows. */
export interface FillReport {
  readonly lines: string[];
  readonly verdicts: VerdictRow[];
}

/** Runs the fill bench `runs` times (a fresh page each); resolves with its report. */
export async function fillBench(context: BrowserContext, url: string, runs: number): Promise<FillReport> {
  const all: FillTimes = { reference: [], fanvas: [], whole: [] };
  const ratios: number[] = [];
  const loads = [loadAverage()];
  let isolated = true;
  for (let run = 0; run < runs; run++) {
    const page = await context.newPage();
    try {
      await page.goto(url);
      await page.waitForFunction(() => "fanvasBench" in window);
      isolated &&= await page.evaluate(() => crossOriginIsolated);
      const times = await page.evaluate((reps) => window.fanvasBench.fillBench(reps), REPS);
      const kept = (values: number[]) => values.slice(WARM_UP);
      all.reference.push(...kept(times.reference));
      all.fanvas.push(...kept(times.fanvas));
      all.whole.push(...kept(times.whole));
      ratios.push(median(kept(times.fanvas)) / median(kept(times.reference)));
      process.stderr.write(`fill run ${run + 1}/${runs}: ratio ${ratios.at(-1)?.toFixed(2)}\n`);
    } finally {
      await page.close();
    }
  }
  loads.push(loadAverage());
  const ratio = median(ratios);
  const lowest = Math.min(...ratios);
  const highest = Math.max(...ratios);
  const verdict =
    highest <= 1.2 ? "met in every run" : ratio <= 1.2 ? "met by the median, not in every run" : "MISSED";
  const whole = median(all.whole);
  const row = (what: string, values: number[]) =>
    `| ${what} | ${formatMs(median(values))} | ${spread(values)} |`;
  const perRun = ratios.map((each) => each.toFixed(2)).join(", ");
  const ratioResult = `${ratio.toFixed(2)}x, range ${lowest.toFixed(2)}-${highest.toFixed(2)} (per run: ${perRun})`;
  const verdicts: VerdictRow[] = [
    [
      `floodFill against a plain scanline flood fill, median of ${runs} runs' ratios`,
      ratioResult,
      "<= 1.2x",
      verdict,
    ],
    [
      "whole tap: getImageData + floodFill + paint the layer + record",
      `${formatMs(whole)} ms`,
      "one frame, 16 ms",
      whole <= 16 ? "met" : "MISSED",
    ],
  ];
  const lines = [
    "## Fill",
    "",
    `${runs} runs x ${REPS - WARM_UP} fills each way (after ${WARM_UP} warm-up fills), interleaved, whole background of the default canvas from its top-left corner; load average ${loads.map((load) => load.toFixed(1)).join(" at start, ")} at end; clock ${isolated ? "in 5 µs steps (cross-origin isolated page)" : "in 100 µs steps (page NOT cross-origin isolated)"}.`,
    "",
    "| What | median ms | p10-p90 ms |",
    "| --- | --- | --- |",
    row("reference: plain scanline flood fill (exact match, in place)", all.reference),
    row(`Fanvas floodFill (tolerance ${DEFAULT_FILL_TOLERANCE}, edge blending, layer)`, all.fanvas),
    row("whole tap: getImageData + floodFill + paint the layer + record", all.whole),
    "",
    ...verdicts.map(
      ([figure, result, target, outcome]) => `- ${figure}: ${result} (target ${target}): ${outcome}`,
    ),
    "",
  ];
  return { lines, verdicts };
}
