/**
 * A stroke's bytes: its flags, colour and width, then its points as four columns (x, y, time, pressure), each
 * value a small number. x and y are on the 1/16-pixel grid, counted from POSITION_RANGE.min; each is written as
 * its difference from where the two points before it say it would be (2b - a: a hand moves on smooth curves),
 * times and pressures as differences from the point before. Columns rather than points one by one, because
 * like numbers side by side compress better (the points alone: 2.3 bytes each gzipped against 2.6 interleaved;
 * docs/decisions/0020).
 */
import { type ByteReader, type ColumnShape, LARGEST_STEP } from "./byte-reader.ts";
import type { ByteWriter } from "./byte-writer.ts";
import { checkColour, checkInteger, checkPointCount } from "./checks.ts";
import { DrawingCodecError } from "./errors.ts";
import { DRAWING_LIMITS, POINT_GRID, POSITION_RANGE, PRESSURE_STEPS } from "./limits.ts";
import type { DecodeMeter } from "./meter.ts";
import { columnVarints, GRID_SPAN } from "./stroke-columns.ts";
import type { OperationBase, StrokeOperation, StrokePoints } from "./types.ts";

const ERASER = 1;
const DOT = 2;
const PRESSURE = 4;
const KNOWN_FLAGS = ERASER | DOT | PRESSURE;

/** Writes a stroke's payload (after the operation's kind, author and time). */
export function writeStroke(writer: ByteWriter, stroke: StrokeOperation): void {
  const { points, style } = stroke;
  const count = checkPointCount(points.x.length);
  const pressure = points.pressure;
  if (
    points.y.length !== count ||
    points.elapsed.length !== count ||
    (pressure && pressure.length !== count)
  ) {
    throw new DrawingCodecError(
      "not_representable",
      "A stroke's point columns are not all as long as its x.",
    );
  }
  checkColour(style.colour, "stroke colour");
  checkInteger(style.width, 1, DRAWING_LIMITS.brushWidth, "brush width");
  // Every column checked before any is written: a time out of order is refused before a position off the grid.
  const columns = columnVarints(points, count);
  writer.byte((style.eraser ? ERASER : 0) | (stroke.dot ? DOT : 0) | (pressure ? PRESSURE : 0));
  writer.colour(style.colour);
  writer.varint(style.width);
  writer.varint(count);
  for (let index = 0; index < columns.length; index += 1)
    writer.varints(columns[index] as Float64Array, count);
}

function outOfRange(what: string): DrawingCodecError {
  return new DrawingCodecError(
    "out_of_range",
    `A stroke point's ${what} lies outside what the drawing allows; the log is damaged or was not written by Fanvas.`,
  );
}

/**
 * Columns being decoded, kept between strokes rather than made for each (decoding is synchronous, and a stroke
 * has at most DRAWING_LIMITS.pointsPerStroke points); made at the first decode, as a page that only encodes
 * never needs them.
 */
let columns: readonly [Float64Array, Float64Array, Float64Array, Float64Array] | null = null;

function decodingColumns(): readonly [Float64Array, Float64Array, Float64Array, Float64Array] {
  const size = DRAWING_LIMITS.pointsPerStroke;
  columns ??= [
    new Float64Array(size),
    new Float64Array(size),
    new Float64Array(size),
    new Float64Array(size),
  ];
  return columns;
}

/**
 * Reads a column of `count` values into `into`, each in 0 .. max (else out_of_range naming `what`): "curve"
 * columns (x, y) hold differences from the second-order prediction, "steps" (pressure) from the value before,
 * "rising" (time) unsigned differences, so a stroke's times never go back.
 */
function readColumn(
  reader: ByteReader,
  into: Float64Array,
  count: number,
  max: number,
  what: string,
  shape: ColumnShape,
): void {
  reader.varints(into, count);
  let value = into[0] ?? 0;
  let previous = value;
  if (!(value <= max)) throw outOfRange(what);
  for (let index = 1; index < count; index += 1) {
    const raw = into[index] ?? 0;
    // A difference this large lands outside every column's range whatever the prediction; below it, the
    // zigzag is undone with 32-bit integer operations (a floating-point remainder cost most of the decoding).
    if (raw > LARGEST_STEP) throw outOfRange(what);
    const step = shape === "rising" ? raw : (raw >>> 1) ^ -(raw & 1);
    const predicted = shape === "curve" && index > 1 ? 2 * value - previous : value;
    previous = value;
    value = predicted + step;
    if (!(value >= 0 && value <= max)) throw outOfRange(what);
    into[index] = value;
  }
}

/** The first `count` grid steps of `column` as drawing pixels. */
function fromGrid(column: Float64Array, count: number): number[] {
  const values: number[] = new Array(count);
  for (let index = 0; index < count; index += 1)
    values[index] = (column[index] ?? 0) / POINT_GRID + POSITION_RANGE.min;
  return values;
}

/** The first `count` values of `column`, each divided by `steps`. */
function copy(column: Float64Array, count: number, steps: number): number[] {
  const values: number[] = new Array(count);
  for (let index = 0; index < count; index += 1) values[index] = (column[index] ?? 0) / steps;
  return values;
}

/** The points of a stroke that was only checked (see readStroke's `keep`): a checked stroke keeps no values. */
const NO_POINTS: StrokePoints = { x: [], y: [], elapsed: [] };

/**
 * Reads a stroke's payload; `base` is its operation's author and time. `keep` false checks every value as
 * decoding does but answers the stroke without its points.
 */
export function readStroke(
  reader: ByteReader,
  base: OperationBase,
  meter: DecodeMeter | undefined,
  keep = true,
): StrokeOperation {
  const flags = reader.byte();
  if ((flags & ~KNOWN_FLAGS) !== 0) {
    throw new DrawingCodecError("malformed", `A stroke in the drawing log has unknown flags (${flags}).`);
  }
  // A check keeps no colour either: making each stroke's colour text would be a tenth of checking a log.
  const colour = keep ? reader.colour() : skipColour(reader);
  const width = checkInteger(reader.varint(), 1, DRAWING_LIMITS.brushWidth, "brush width");
  const pen = (flags & PRESSURE) !== 0;
  // Every point takes at least a byte in each of its columns: the count is refused before anything is made for it.
  const count = checkPointCount(reader.count(pen ? 4 : 3));
  if (meter !== undefined) meter.work += count * (pen ? 5 : 4);
  const style = { colour, width, eraser: (flags & ERASER) !== 0 };
  const dot = (flags & DOT) !== 0;
  if (!keep) {
    checkColumns(reader, count, pen);
    return { kind: "stroke", author: base.author, time: base.time, style, points: NO_POINTS, dot };
  }
  const [xs, ys, times, pressureColumn] = decodingColumns();
  readColumn(reader, xs, count, GRID_SPAN, "x", "curve");
  readColumn(reader, ys, count, GRID_SPAN, "y", "curve");
  readColumn(reader, times, count, DRAWING_LIMITS.strokeMs, "time (ms since the press)", "rising");
  if (pen) readColumn(reader, pressureColumn, count, PRESSURE_STEPS, "pressure", "steps");
  const points: StrokePoints = {
    x: fromGrid(xs, count),
    y: fromGrid(ys, count),
    elapsed: copy(times, count, 1),
    ...(pen ? { pressure: copy(pressureColumn, count, PRESSURE_STEPS) } : {}),
  };
  return { kind: "stroke", author: base.author, time: base.time, style, points, dot };
}

/** A checked stroke's colour: its three bytes passed over (ByteReader.colour's reads), no text made. */
function skipColour(reader: ByteReader): string {
  reader.skip(3);
  return "";
}

/**
 * A check (checkDrawing) reads and bounds every value as readColumn does but keeps none (ByteReader.columnFits):
 * a save's server only stores the bytes it checked, and filling the columns and point arrays would be most of
 * its cost.
 */
function checkColumns(reader: ByteReader, count: number, pen: boolean): void {
  if (!reader.columnFits(count, GRID_SPAN, "curve")) throw outOfRange("x");
  if (!reader.columnFits(count, GRID_SPAN, "curve")) throw outOfRange("y");
  if (!reader.columnFits(count, DRAWING_LIMITS.strokeMs, "rising"))
    throw outOfRange("time (ms since the press)");
  if (pen && !reader.columnFits(count, PRESSURE_STEPS, "steps")) throw outOfRange("pressure");
}
