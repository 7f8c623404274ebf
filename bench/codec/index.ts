/**
 * `npm run bench -- --only codec`: the figures of the drawing document's encoding. How many bytes a
 * realistic 1,000-stroke drawing's log takes gzipped (per stroke point and per drawing, against JSON), and how
 * long decoding takes: a realistic drawing, and the largest documents DRAWING_LIMITS let through (target: at
 * most 50 ms). Figures only, in this process; the tests bound the decoder's work instead of its time.
 */

import { encodeDrawing } from "../../src/common/drawing-document/encode.ts";
import { FANVAS_STICKER_IDS } from "../../src/common/drawing-document/known-stickers.ts";
import type { VerdictRow } from "../benchmarks-file.ts";
import { loadAverage, machineHeading } from "../machine.ts";
import { formatMs, median, medianAndRange, range } from "../stats.ts";
import { markdownTable, textTable } from "../tables.ts";
import { type DecodeTimes, type TimedInput, timeDecoding } from "./decode-timing.ts";
import { LARGEST_DOCUMENT_STICKERS, largestDocuments } from "./largest-documents.ts";
import { pointCount, realisticDrawing } from "./realistic-drawing.ts";
import { type DrawingSizes, drawingSizes } from "./sizes.ts";

/** Realistic drawings measured for size, each from its own seed. */
const DRAWINGS = 5;
const STROKES = 1000;
const TARGET_BYTES_PER_POINT = 3;
const TARGET_DECODE_MS = 50;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const perPoint = (value: number) => value.toFixed(2);
const count = (value: number) => Math.round(value).toLocaleString("en");

/** The size table: one figure a row, median and spread over the drawings. */
function sizeTable(sizes: readonly DrawingSizes[]): string[][] {
  const row = (name: string, pick: (size: DrawingSizes) => number, format: (value: number) => string) => {
    const values = sizes.map(pick);
    return [name, format(median(values)), range(values, format)];
  };
  return [
    ["figure", `median of ${DRAWINGS} drawings`, "spread"],
    row("stroke points in the drawing", (size) => size.points, count),
    row("encoded, per drawing", (size) => size.encoded, kb),
    row("encoded, bytes per stroke point", (size) => size.encoded / size.points, perPoint),
    row("gzipped, per drawing", (size) => size.gzipped, kb),
    row("gzipped, bytes per stroke point", (size) => size.gzipped / size.points, perPoint),
    row("JSON of the document gzipped, per drawing", (size) => size.json, kb),
    row("JSON of the document gzipped, bytes per stroke point", (size) => size.json / size.points, perPoint),
    row(
      "JSON with an object per point gzipped, bytes per point",
      (size) => size.pointObjectsJson / size.points,
      perPoint,
    ),
    row(
      "the format gzipped over the document's JSON gzipped",
      (size) => size.gzipped / size.json,
      (value) => `${value.toFixed(2)}x`,
    ),
  ];
}

/** Whether an input's decode met the target: judged on CPU time, which the machine's other load leaves alone. */
function decodeVerdict(time: DecodeTimes): string {
  return median(time.cpu) <= TARGET_DECODE_MS ? "met" : "MISSED";
}

/** The timing table: one document a row; the realistic drawing is shown for scale, not judged. */
function timingTable(inputs: readonly (TimedInput & { points: number })[], times: Map<string, DecodeTimes>) {
  const rows = inputs.map((input, index) => {
    const time = times.get(input.name) ?? { wall: [], cpu: [], fastest: 0, slowest: 0 };
    return [
      input.name,
      `${(input.bytes.length / 1024).toFixed(0)} KiB`,
      count(input.points),
      medianAndRange(time.cpu),
      medianAndRange(time.wall),
      `${formatMs(time.fastest)}-${formatMs(time.slowest)}`,
      index === 0 ? "-" : decodeVerdict(time),
    ];
  });
  const header = [
    "document",
    "size",
    "stroke points",
    "decode: CPU ms (spread of runs)",
    "wall ms (spread)",
    "fastest-slowest call, wall ms",
    `<= ${TARGET_DECODE_MS} ms`,
  ];
  return [header, ...rows];
}

/** Runs the codec bench, `runs` runs of the timings; returns its text, Markdown and verdict rows. */
export function runCodecBench(runs: number): { text: string; markdown: string; verdicts: VerdictRow[] } {
  const load = loadAverage();
  const sizes = Array.from({ length: DRAWINGS }, (_, index) => drawingSizes(STROKES, 29 + index));
  const realistic = realisticDrawing(STROKES);
  const realisticName = `a realistic ${count(STROKES)}-stroke drawing`;
  const inputs = [
    { name: realisticName, bytes: encodeDrawing(realistic), points: pointCount(realistic) },
    ...largestDocuments(),
  ];
  const times = timeDecoding(inputs, new Set([...FANVAS_STICKER_IDS, ...LARGEST_DOCUMENT_STICKERS]), runs);
  const largest = inputs.slice(1).map((input) => ({ input, time: times.get(input.name) }));
  const worst = largest.reduce((a, b) => (median(b.time?.cpu ?? []) > median(a.time?.cpu ?? []) ? b : a));
  const encodeTimes = Array.from({ length: 5 * runs }, () => {
    const started = performance.now();
    encodeDrawing(realistic);
    return performance.now() - started;
  });
  const bytesPerPoint = sizes.map((size) => size.gzipped / size.points);
  const verdicts: VerdictRow[] = [
    [
      `gzipped bytes per stroke point, realistic ${count(STROKES)}-stroke drawings (${DRAWINGS})`,
      `${perPoint(median(bytesPerPoint))} (${range(bytesPerPoint, perPoint)}); the document as JSON ${perPoint(median(sizes.map((size) => size.json / size.points)))}`,
      `<= ${TARGET_BYTES_PER_POINT}`,
      median(bytesPerPoint) <= TARGET_BYTES_PER_POINT ? "met" : "MISSED",
    ],
    [
      `a realistic ${count(STROKES)}-stroke drawing's log, gzipped`,
      `${kb(median(sizes.map((size) => size.gzipped)))} (JSON ${kb(median(sizes.map((size) => size.json)))})`,
      "report",
      "reported",
    ],
    [
      "decode of the largest document the caps allow",
      `${worst.input.name}: ${formatMs(median(worst.time?.cpu ?? []))} ms CPU; wall ${formatMs(median(worst.time?.wall ?? []))} ms at load average ${load.toFixed(1)}, fastest call ${formatMs(worst.time?.fastest ?? 0)} ms`,
      `<= ${TARGET_DECODE_MS} ms`,
      worst.time === undefined ? "not run" : decodeVerdict(worst.time),
    ],
  ];
  const heading = `${machineHeading(load)} - ${DRAWINGS} drawings for size; ${runs} runs x 5 calls for time`;
  const method = [
    `- Drawings: ${count(STROKES)} strokes each made as a hand makes them (bench/codec/realistic-drawing.ts): half with a mouse on a 520-600 px canvas, a quarter with a finger on a phone (ratio 3), a quarter with a pen (ratio 2, pressure); samples at 60, 90 or 120 Hz along smooth curves, slow-fast-slow, with 0.3 px of tremor, closer than a pixel dropped as the engine drops them; a caption, sticker or fill every 40 strokes. Sizes are gzip at Node's default level.`,
    "- Largest documents (bench/codec/largest-documents.ts): each fills the 2 MiB cap with the cheapest bytes of one kind, so one upload makes the decoder do the most work it can. Decode times are this process's, one call at a time after a warm-up, documents interleaved within a run. The verdict is judged on CPU time (this process's user + system): on a shared machine the wall clock also counts the waits for a core, which the fastest call shows best.",
    `- Encoding the realistic drawing: ${medianAndRange(encodeTimes)} ms.`,
  ];
  const sizeRows = sizeTable(sizes);
  const timingRows = timingTable(inputs, times);
  const markdown = [
    "### The drawing document's encoding",
    "",
    heading,
    "",
    markdownTable(sizeRows),
    "",
    markdownTable(timingRows),
    "",
    ...method,
    "",
  ].join("\n");
  const text = [heading, "", textTable(sizeRows), "", textTable(timingRows), "", ...method].join("\n");
  return { text, markdown, verdicts };
}
