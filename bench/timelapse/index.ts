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
import type { DrawingDocument } from "../../src/common/drawing-document/types.ts";
import type { VerdictRow } from "../benchmarks-file.ts";
import { launchBenchBrowser } from "../browser.ts";
import { buildBenchPage } from "../build.ts";
import { pointCount, realisticDrawing } from "../codec/realistic-drawing.ts";
import { loadAverage, machineHeading } from "../machine.ts";
import type { TimelapseFigures } from "../page/timelapse-bench.ts";
import { serveStatic } from "../serve.ts";
import { realisticDrawings } from "../server/drawings.ts";
import { median, medianAndRange, percentile } from "../stats.ts";
import { markdownTable, textTable } from "../tables.ts";
import { measurePageSaves, type PageSaveRound } from "./page-saves.ts";
import { measureSavePairs, type SaveRound } from "./save-pairs.ts";

const STROKES = 1000;
const SEED = 29;
const RUNS = { playback: 3, mp4: 3, gif: 2 } as const;
/**
 * The server-only pairs of each drawing's own PNG: a round's p50 of 40 pairs moved by 0.1 between rounds with the
 * code unchanged (a save's time has a long tail here: the background jobs, the other engineers' work), so each
 * round takes more pairs, and there are more rounds. About 3 s a round.
 */
const SAVE_PAIRS = 100;
const SAVE_ROUNDS = 5;
/** The reported worst case (a heavy log beside light PNGs): pairs and rounds, and the light drawings it takes. */
const STRESS_PAIRS = 40;
const STRESS_ROUNDS = 3;
/** The page's saves: each round shows every drawing in turn and saves it this many times each way. */
const PAGE_SAVE_PAIRS = 4;
/** Distinct realistic drawings the save pairs take in turn, each posted with its own PNG. */
const SAVED_DRAWINGS = 8;
const FRAME_BUDGET_MS = 16;
const TARGET_VIDEO_MS = 7500;

/** What the page gives back: the timelapse's figures, and the PNG it would save for each of `ownPictures`. */
interface InPage {
  readonly figures: TimelapseFigures;
  readonly pngs: Buffer[];
}

async function measureInPage(making: Uint8Array, ownPictures: readonly Uint8Array[]): Promise<InPage> {
  const outDir = await mkdtemp(join(tmpdir(), "fanvas-bench-timelapse-"));
  await buildBenchPage(outDir);
  const server = await serveStatic(outDir);
  const { browser, context } = await launchBenchBrowser();
  try {
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => "fanvasBench" in window);
    const figures = await page.evaluate(({ base64, runs }) => window.fanvasBench.timelapse(base64, runs), {
      base64: Buffer.from(making).toString("base64"),
      runs: RUNS,
    });
    const pngs: Buffer[] = [];
    for (const log of ownPictures) {
      const base64 = Buffer.from(log).toString("base64");
      const png = await page.evaluate((text) => window.fanvasBench.finishedPng(text), base64);
      pngs.push(Buffer.from(png, "base64"));
    }
    return { figures, pngs };
  } finally {
    await browser.close();
    await server.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

/** bench/codec's realistic drawing number `seed` on a white start (the bench page has no mascot to fetch). */
function whiteStart(seed: number): DrawingDocument {
  return { ...realisticDrawing(STROKES, seed), start: { kind: "white" } };
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
  const drawing = whiteStart(SEED);
  const making = encodeDrawing(drawing);
  const points = pointCount(drawing);
  const ownLogs = Array.from({ length: SAVED_DRAWINGS }, (_, index) =>
    encodeDrawing(whiteStart(SEED + index)),
  );
  const { figures, pngs } = await measureInPage(making, ownLogs);
  const ownPictures = pngs.map((png, index) => ({ png, making: ownLogs[index] ?? making }));
  const saves = await measureSavePairs("sqlite", ownPictures, SAVE_PAIRS, SAVE_ROUNDS);
  const pageSaves = await measurePageSaves(ownLogs, PAGE_SAVE_PAIRS, SAVE_ROUNDS);
  const pageRatios = pageSaves.map((round) => round.withLog / round.alone);
  const pageSides = (pick: (round: PageSaveRound) => SaveRound) =>
    `${medianAndRange(pageSaves.map((round) => pick(round).alone))} / ${medianAndRange(pageSaves.map((round) => pick(round).withLog))} ms`;
  const heavyLog = encodeDrawing(realisticDrawing(STROKES, SEED));
  const lightPictures = (await realisticDrawings(STRESS_PAIRS)).map((png) => ({ png, making: heavyLog }));
  const stress = await measureSavePairs("sqlite", lightPictures, STRESS_PAIRS, STRESS_ROUNDS);
  const stressRatios = stress.map((round) => round.withLog / round.alone);
  const ownPngBytes = median(pngs.map((png) => png.length));

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
    [
      `Save p50 alone (SQLite; ${SAVED_DRAWINGS} drawings' own PNGs, median ${kb(ownPngBytes)})`,
      `${medianAndRange(saves.map((round) => round.alone))} ms`,
      "",
    ],
    ["Save p50 with its log", `${medianAndRange(saves.map((round) => round.withLog))} ms`, ""],
    [
      "Save with / without its log, p50",
      medianAndRange(saveRatios, (value) => value.toFixed(2)),
      "at most 1.10",
    ],
    [
      `Page save p50 alone (the page's Save to the server's answer; PNG median ${kb(median(pageSaves.map((round) => round.pngBytes)))})`,
      `${medianAndRange(pageSaves.map((round) => round.alone))} ms`,
      "",
    ],
    ["Page save p50 with its log", `${medianAndRange(pageSaves.map((round) => round.withLog))} ms`, ""],
    [
      "Page save: until the upload starts, alone / with its log",
      pageSides((round) => round.beforeUpload),
      "",
    ],
    ["Page save: the upload itself, alone / with its log", pageSides((round) => round.upload), ""],
    [
      "Page save with / without its log, p50 (as the visitor has it)",
      medianAndRange(pageRatios, (value) => value.toFixed(2)),
      "report (the server-only row above is the bench's target row)",
    ],
    [
      "A 1,000-stroke log beside a light PNG (5-40 strokes), with / without, p50",
      `${medianAndRange(stressRatios, (value) => value.toFixed(2))} (${medianAndRange(stress.map((round) => round.alone))} / ${medianAndRange(stress.map((round) => round.withLog))} ms)`,
      "report",
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
      "save with its log against without it, p50 (SQLite; each drawing's own PNG)",
      `${medianAndRange(saveRatios, (value) => value.toFixed(2))}; as the visitor has it (the page's Save to ` +
        `the server's answer) ${medianAndRange(pageRatios, (value) => value.toFixed(2))}`,
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
    "frame intervals are reported but are its own timer's. The save pairs post a drawing twice, one save at a time, " +
    "alone and bundled with its log (sent plain, as the page sends it), the order flipping every pair: " +
    `${SAVED_DRAWINGS} realistic 1,000-stroke drawings (seeds ${SEED}-${SEED + SAVED_DRAWINGS - 1}), each with the ` +
    "PNG the page saves for it (its finished picture through the page's painters and canvas.toBlob) and its own " +
    "log, as a visitor's save carries them. The second pairing is a reported worst case no visitor's save makes: " +
    "the 1,000-stroke log beside the PNGs of light 5-40-stroke drawings over the mascot (bench/server's), a log " +
    "larger than its picture (decision 0035). The page's saves are the same drawings as the visitor saves them: the " +
    "real server serves the built page and the bench page on one origin, and the page's own Save function " +
    "(useSaveImage, what the Save button calls) runs on the page's engine holding each drawing, through the page's " +
    "save callback (export, download, the durable queue in IndexedDB, the upload); each save is timed from the " +
    "Save call until the server's answer is in the page's hands, alone (the path of a page with no log to send) " +
    `and with its log in turn, ${PAGE_SAVE_PAIRS} pairs a drawing a round, each save of a picture not stored before ` +
    "(one dot added).\n";
  return {
    text: `\nTimelapse\n${textTable(rows)}\n`,
    markdown: `${heading}${markdownTable(rows)}\n\n${note}`,
    verdicts,
  };
}
