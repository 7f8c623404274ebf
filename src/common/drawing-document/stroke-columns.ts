/**
 * A stroke's point columns as the encoder writes them (see stroke-codec.ts): each value as the format counts it,
 * checked, as its difference from its prediction.
 */
import type { ColumnShape } from "./byte-reader.ts";
import { zigzag } from "./byte-writer.ts";
import { checkInteger, checkNumber, checkPosition } from "./checks.ts";
import { DrawingCodecError } from "./errors.ts";
import { DRAWING_LIMITS, POINT_GRID, POSITION_RANGE, PRESSURE_STEPS } from "./limits.ts";
import type { StrokePoints } from "./types.ts";

/** The largest grid position: POSITION_RANGE's span in grid steps. */
export const GRID_SPAN = (POSITION_RANGE.max - POSITION_RANGE.min) * POINT_GRID;

/** A position's grid step, or not_representable when it is off the grid. */
function gridStep(value: number, what: string): number {
  checkPosition(value, what);
  const step = (value - POSITION_RANGE.min) * POINT_GRID;
  if (Number.isInteger(step)) return step;
  throw new DrawingCodecError(
    "not_representable",
    `A stroke point's ${what} ${value} is not on the 1/${POINT_GRID} pixel grid; make points with toStrokePoint.`,
  );
}

/** A pressure's step, or not_representable. */
function pressureStep(pressure: number): number {
  const step = checkNumber(pressure, 0, 1, "pen pressure") * PRESSURE_STEPS;
  if (Number.isInteger(step)) return step;
  throw new DrawingCodecError(
    "not_representable",
    `A stroke point's pressure ${pressure} is not a multiple of 1/${PRESSURE_STEPS}; make points with toStrokePoint.`,
  );
}

/**
 * Each column's values as the format counts them (grid steps, pressure steps, milliseconds) and their caps, with
 * what makes a value's step the slow way, throwing the refusal a value off them gets.
 */
const COLUMN_UNITS = {
  x: { offset: POSITION_RANGE.min, scale: POINT_GRID, max: GRID_SPAN, step: (x: number) => gridStep(x, "x") },
  y: { offset: POSITION_RANGE.min, scale: POINT_GRID, max: GRID_SPAN, step: (y: number) => gridStep(y, "y") },
  elapsed: {
    offset: 0,
    scale: 1,
    max: DRAWING_LIMITS.strokeMs,
    step: (ms: number, previous: number) =>
      checkInteger(ms, previous, DRAWING_LIMITS.strokeMs, "point time (ms)"),
  },
  pressure: { offset: 0, scale: PRESSURE_STEPS, max: PRESSURE_STEPS, step: pressureStep },
} as const;

/**
 * What encoding writes of each column, kept between strokes as the decoder's columns are (encoding is
 * synchronous). The page encodes a few strokes at a time, seldom long enough for V8 to optimise the code: each
 * value is worked out in one loop with no check call (the slow checks only for a value off the format), and the
 * column written in another (ByteWriter.varints).
 */
let encoding: readonly Float64Array[] = [];

/** Column `name` of `points` into `into` (see columnVarints). */
function column(
  points: StrokePoints,
  name: keyof typeof COLUMN_UNITS,
  shape: ColumnShape,
  into: Float64Array,
): void {
  const values = points[name] ?? [];
  const { offset, scale, max, step } = COLUMN_UNITS[name];
  let previous = 0;
  let before = 0;
  for (let index = 0; index < values.length; index += 1) {
    const given = values[index] ?? 0;
    let value = (given - offset) * scale;
    // Every value the format keeps is a whole number of steps in 0 .. max, so within 32 bits.
    if (!(value >= 0 && value <= max && (value | 0) === value && (shape !== "rising" || value >= previous)))
      value = step(given, previous);
    const difference = value - (shape === "curve" && index > 1 ? 2 * previous - before : previous);
    into[index] = shape === "rising" || index === 0 ? difference : zigzag(difference);
    before = previous;
    previous = value;
  }
}

/**
 * The stroke's columns as the varints they are written as, in the order written (x, y, time, and pressure for a
 * pen's; each `count` long): the first value as it is, then each one's difference from its prediction (see
 * readColumn), zigzagged unless the column only rises. Every value is checked first (times before positions, as a
 * time out of order is the likelier fault), throwing the refusal a value off the format gets. The arrays are
 * reused by the next call.
 */
export function columnVarints(points: StrokePoints, count: number): readonly Float64Array[] {
  if ((encoding[0]?.length ?? 0) < count)
    encoding = Array.from({ length: 4 }, () => new Float64Array(Math.max(count, 1024)));
  // Indexed, not destructured: destructuring iterates, a cost in code V8 has not optimised.
  const columns = encoding as [Float64Array, Float64Array, Float64Array, Float64Array];
  column(points, "elapsed", "rising", columns[2]);
  column(points, "x", "curve", columns[0]);
  column(points, "y", "curve", columns[1]);
  if (points.pressure === undefined) return columns.slice(0, 3);
  column(points, "pressure", "steps", columns[3]);
  return columns;
}
