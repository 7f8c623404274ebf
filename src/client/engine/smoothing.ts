import type { Point } from "./types.ts";

/**
 * One piece of a stroke as the canvas draws it. A stroke is always painted as the same ordered list of
 * segments, one path per segment, whether it is drawn live or replayed, so both give identical pixels.
 * `scale` (pen strokes only) multiplies the brush width for this segment.
 */
export type Segment = (
  | { readonly kind: "dot"; readonly at: Point }
  | { readonly kind: "line"; readonly from: Point; readonly to: Point }
  | { readonly kind: "curve"; readonly from: Point; readonly control: Point; readonly to: Point }
) & { readonly scale?: number };

/** Narrowest and widest a pen stroke gets, as multiples of the brush width (docs/decisions/0008). */
export const PRESSURE_SCALE = { min: 0.5, max: 1.5 } as const;

/**
 * The width multiplier of a point: from PRESSURE_SCALE.min at no pressure to .max at full pressure; 1 for a
 * point without pressure (mouse, touch), which keeps the brush's width exactly.
 */
export function pressureScale(point: Point): number {
  if (point.pressure === undefined) return 1;
  const pressure = Math.min(1, Math.max(0, point.pressure));
  return PRESSURE_SCALE.min + (PRESSURE_SCALE.max - PRESSURE_SCALE.min) * pressure;
}

/** Adds the width multiplier of `point` to a segment, only for points that carry pressure. */
function scaled<S extends Segment>(segment: S, point: Point): S {
  return point.pressure === undefined ? segment : { ...segment, scale: pressureScale(point) };
}

/**
 * The sharpest turn at a point still drawn as a curve (70 degrees between the way in and the way out): a
 * circle drawn fast enough to leave only 6 points keeps round, while the corners of a zig-zag, a star or an
 * M stay corners, drawn as straight lines meeting at the point.
 */
const SHARPEST_CURVED_TURN_COSINE = Math.cos((70 * Math.PI) / 180);

/**
 * How far a curve's start may point away from its own chord (60 degrees): with very unequal steps in and out
 * of a turn, a curve leaving in the stroke's direction would otherwise swing far out.
 */
const WIDEST_CURVE_START_COSINE = 0.5;

/** Steps shorter than this (canvas px) have no direction worth following. */
const MIN_STEP = 1e-6;

/**
 * The cosine of the angle between steps (ux, uy) and (vx, vy) of the lengths given; NaN when either has no
 * length.
 */
function cosine(ux: number, uy: number, uLength: number, vx: number, vy: number, vLength: number): number {
  if (uLength < MIN_STEP || vLength < MIN_STEP) return Number.NaN;
  return (ux * vx + uy * vy) / (uLength * vLength);
}

/**
 * The control point of the curve from `b` to `c` that leaves `b` in the stroke's direction there (the way
 * from the point before, `a`, to `c`, as a Catmull-Rom spline has it) and is symmetric about the middle of
 * b-c, so it arrives at `c` turned as much again, as an arc would: where that direction meets the
 * perpendicular bisector of b-c. Null for a corner (see the limits above), drawn as a straight line.
 *
 * Numbers, not point objects, and square roots rather than Math.hypot: this runs for every pointer move, and
 * that measured a microsecond a move (hypot guards against overflow that canvas coordinates never reach).
 */
function curveControl(a: Point, b: Point, c: Point): Point | null {
  const inX = b.x - a.x;
  const inY = b.y - a.y;
  const chordX = c.x - b.x;
  const chordY = c.y - b.y;
  const alongX = c.x - a.x;
  const alongY = c.y - a.y;
  const chordLength = Math.sqrt(chordX * chordX + chordY * chordY);
  const alongLength = Math.sqrt(alongX * alongX + alongY * alongY);
  const turn = cosine(inX, inY, Math.sqrt(inX * inX + inY * inY), chordX, chordY, chordLength);
  const start = cosine(alongX, alongY, alongLength, chordX, chordY, chordLength);
  // Written so that NaN (a step without length) also means a corner.
  if (!(turn >= SHARPEST_CURVED_TURN_COSINE && start >= WIDEST_CURVE_START_COSINE)) return null;
  const reach = chordLength / 2 / start / alongLength;
  return { x: b.x + alongX * reach, y: b.y + alongY * reach };
}

/**
 * The segments to draw once `points[index]` has been appended. The stroke passes through every point and
 * its ink reaches the newest one at once: it never lags behind the pointer, and the release draws nothing.
 *
 * - the first point leaves a dot, so a click or tap shows at once;
 * - the second draws a straight line from the first point to it;
 * - every later point draws a curve from the point before it (see curveControl), which keeps the stroke
 *   smooth through each point and round on a fast circle whose points are far apart; a sharp turn is a
 *   corner, drawn as a straight line.
 *
 * Only the points up to `index` are read, so the live stroke can call this as points arrive.
 */
export function segmentsForPoint(points: readonly Point[], index: number): Segment[] {
  const current = points[index];
  if (current === undefined) return [];
  if (index === 0) return [scaled({ kind: "dot", at: current }, current)];
  const previous = points[index - 1] as Point;
  const beforePrevious = points[index - 2];
  const control = beforePrevious === undefined ? null : curveControl(beforePrevious, previous, current);
  const segment: Segment =
    control === null
      ? { kind: "line", from: previous, to: current }
      : { kind: "curve", from: previous, control, to: current };
  return [scaled(segment, previous)];
}

/**
 * Every segment of a finished stroke, in the order the live stroke drew them; without the first point's dot
 * when `dot` is false (a lone point always keeps it).
 */
export function strokeSegments(points: readonly Point[], dot = true): Segment[] {
  const segments: Segment[] = [];
  const first = dot || points.length === 1 ? 0 : 1;
  for (let index = first; index < points.length; index++) segments.push(...segmentsForPoint(points, index));
  return segments;
}
