/**
 * `npm run bench -- --only timelapse`: the timelapse's figures. A realistic 1,000-stroke drawing (bench/codec's, on a
 * white start) measured in the machine's Chromium by the page's own code: its log against its PNG, the player's
 * work per frame through the whole replay, its MP4 (H.264, 720 x 720, 30 fps) and GIF made and timed; then a
 * save with that log against a save without it on a real server, same run.
 */

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeDrawing } from "../../src/common/drawing-document/encode.ts";
import type { VerdictRow } from "../benchmarks-file.ts";
import { launchBenchBrowser } from "../browser.ts";
import { buildBenchPage } from "../build.ts";
import { pointCount, realisticDrawing } from "../codec/realistic-drawing.ts";
import { loadAverage, machineHeading } from "../machine.ts";
import type { TimelapseFigures } from "../page/timelapse-bench.ts";
import { serveStatic } from "../serve.ts";
import { median, medianAndRange, percentile } from "../stats.ts";
import { markdownTable, textTable } from "../tables.ts";
import { measureSavePairs } from "./save-pairs.ts";

const STROKES = 1000;
const SEED = 29;
const RUNS = { playback: 3, mp4: 3, gif: 2 } as const;
const SAVE_PAIRS = 40;
const SAVE_ROUNDS = 3;
const FRAME_BUDGET_MS = 16;
const TARGET_VIDEO_MS = 7500;

async function measureInPage(making: Uint8Array): Promise<TimelapseFigures> {
  const outDir = await mkdtemp(join(tmpdir(), "fanvas-bench-timelapse-"));
  await buildBenchPage(outDir);
  const server = await serveStatic(outDir);
  const { browser, context } = await launchBenchBrowser();
  try {
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => "fanvasBench" in window);
    return await page.evaluate(({ base64, runs }) => window.fanvasBench.timelapse(base64, runs), {
      base64: Buffer.from(making).toString("base64"),
      runs: RUNS,
    });
  } finally {
    await browser.close();
    await server.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Runs the section; returns its text, its markdown and its verdicts (target, figure, met). */
export async function runTimelapseBench(): Promise<{
  text: string;
  markdown: string;
  verdicts: VerdictRow[];
}> {
  const load = loadAverage();
  const drawing = { ...realisticDrawing(STROKES, SEED), start: { kind: "white" } as const };
  const making = encodeDrawing(drawing);
  const points = pointCount(drawing);
  const figures = await measureInPage(making);
  const saves = await measureSavePairs(
    "sqlite",
    encodeDrawing(realisticDrawing(STROKES, SEED)),
    SAVE_PAIRS,
    SAVE_ROUNDS,
  );

  const perPoint = figures.logGzipBytes / points;
  const work = figures.playback.flatMap((run) => run.workMs).sort((a, b) => a - b);
  const overBudget = work.filter((ms) => ms > FRAME_BUDGET_MS).length;
  const p99s = figures.playback.map((run) =>
    percentile(
      [...run.workMs].sort((a, b) => a - b),
      0.99,
    ),
  );
  const maxes = figures.playback.map((run) => Math.max(...run.workMs));
  const intervals = figures.playback.flatMap((run) => run.intervalsMs).sort((a, b) => a - b);
  const saveRatios = saves.map((round) => round.withLog / round.alone);
  const mp4 = figures.mp4;
  const videoSeconds = mp4 === null ? 0 : (mp4[0]?.frames ?? 0) / 30;
  const rows = [
    ["Figure", "Median (spread)", "Target"],
    ["Operations in the drawing", String(figures.operations), ""],
    ["Stroke points", String(points), ""],
    ["Log, gzipped, per stroke point", `${perPoint.toFixed(2)} B`, "at most 3 B"],
    ["Log: raw / gzipped", `${kb(figures.logBytes)} / ${kb(figures.logGzipBytes)}`, ""],
    ["The drawing's PNG (white start)", kb(figures.pngBytes), ""],
    ["Log gzipped / PNG", (figures.logGzipBytes / figures.pngBytes).toFixed(2), "at most 0.5"],
    ["Replay length (fitted)", seconds(figures.playback[0]?.durationMs ?? 0), "at most 15 s"],
    ["Player work a frame, p50", medianAndRange(figures.playback.map((run) => median(run.workMs))), ""],
    ["Player work a frame, p99", medianAndRange(p99s), `within ${FRAME_BUDGET_MS} ms`],
    ["Player work a frame, max", medianAndRange(maxes), ""],
    [`Frames over ${FRAME_BUDGET_MS} ms`, `${overBudget} of ${work.length}`, "none"],
    [
      "Frame interval p50 / p99 (headless rAF)",
      `${median(intervals).toFixed(1)} / ${percentile(intervals, 0.99).toFixed(1)} ms`,
      "",
    ],
    [
      `MP4 (${videoSeconds.toFixed(1)} s, 720 x 720, 30 fps) made in`,
      mp4 === null ? "no H.264 encoder" : `${medianAndRange(mp4.map((run) => run.ms))} ms`,
      `at most ${TARGET_VIDEO_MS} ms`,
    ],
    ["MP4 size", mp4 === null ? "n/a" : mb(median(mp4.map((run) => run.bytes))), ""],
    [
      `GIF (${figures.gif[0]?.frames ?? 0} frames) made in`,
      `${medianAndRange(figures.gif.map((run) => run.ms))} ms`,
      "report",
    ],
    ["GIF size", mb(median(figures.gif.map((run) => run.bytes))), "at most 15 MB"],
    ["Save p50 alone (SQLite)", `${medianAndRange(saves.map((round) => round.alone))} ms`, ""],
    ["Save p50 with the log", `${medianAndRange(saves.map((round) => round.withLog))} ms`, ""],
    [
      "Save with / without the log, p50",
      medianAndRange(saveRatios, (value) => value.toFixed(2)),
      "at most 1.10",
    ],
  ];
  const mp4Median = mp4 === null ? Number.NaN : median(mp4.map((run) => run.ms));
  const met = (ok: boolean) => (ok ? "met" : "not met");
  const logShare = figures.logGzipBytes / figures.pngBytes;
  const verdicts: VerdictRow[] = [
    [
      "log gzipped per stroke point, realistic 1,000-stroke drawing",
      `${perPoint.toFixed(2)} B`,
      "<= 3 B",
      met(perPoint <= 3),
    ],
    [
      "log gzipped against the drawing's PNG",
      `${kb(figures.logGzipBytes)} / ${kb(figures.pngBytes)} = ${logShare.toFixed(2)}`,
      "<= 0.5",
      met(logShare <= 0.5),
    ],
    [
      "save with the log against without it, p50 (SQLite, same run)",
      medianAndRange(saveRatios, (value) => value.toFixed(2)),
      "<= 1.1x",
      met(median(saveRatios) <= 1.1),
    ],
    [
      "player frames over 16 ms, 1,000-operation replays",
      `${overBudget} of ${work.length}; p99 ${medianAndRange(p99s)} ms`,
      "none",
      met(overBudget === 0),
    ],
    [
      `MP4 of ${videoSeconds.toFixed(1)} s (720 x 720, 30 fps), 1,000 operations`,
      mp4 === null
        ? "no H.264 encoder"
        : `${medianAndRange(mp4.map((run) => run.ms))} ms, ${mb(median(mp4.map((run) => run.bytes)))}`,
      "<= 7.5 s",
      met(mp4Median <= TARGET_VIDEO_MS),
    ],
    [
      "GIF fallback, same drawing",
      `${medianAndRange(figures.gif.map((run) => run.ms))} ms, ${mb(median(figures.gif.map((run) => run.bytes)))}`,
      "report (<= 15 MB)",
      "reported",
    ],
  ];
  const heading = `## Timelapse\n\n${machineHeading(load)}\n\n`;
  const note =
    "The drawing is bench/codec's realistic 1,000 strokes (seed 29) on a white start: the bench page has no mascot, " +
    "so its PNG is smaller than a drawing over the mascot (a stricter log-to-PNG ratio). Player work is one frame's " +
    "frameAt and its copy on screen, as the player does, through whole replays, each a fresh replay checked first as " +
    "the page checks it before offering it (its finished picture painted once); the videos are made from such " +
    "replays too; headless Chromium's " +
    "frame intervals are reported but are its own timer's. The save pairs post each realistic PNG twice, one save at " +
    "a time: alone and bundled with the same drawing's log on the mascot (sent plain, as the page sends it), the " +
    "order flipping every pair.\n";
  return {
    text: `\nTimelapse\n${textTable(rows)}\n`,
    markdown: `${heading}${markdownTable(rows)}\n\n${note}`,
    verdicts,
  };
}
