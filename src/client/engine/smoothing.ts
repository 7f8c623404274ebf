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
  return point.pressure === undefined ? 1 : scaleOfPressure(point.pressure);
}

function scaleOfPressure(pressure: number): number {
  const clamped = Math.min(1, Math.max(0, pressure));
  return PRESSURE_SCALE.min + (PRESSURE_SCALE.max - PRESSURE_SCALE.min) * clamped;
}

/**
 * A stroke's points as columns (a stroke operation's StrokePoints is one): the live stroke appends to its
 * columns and the replay reads the operation's, so both paint from the very same numbers without a point object.
 */
export interface PointColumns {
  readonly x: readonly number[];
  readonly y: readonly number[];
  /** Pen pressure per point; absent (or an absent entry) for a point without pressure. */
  readonly pressure?: readonly (number | undefined)[];
}

/**
 * Takes the segments of a stroke one by one, as numbers (`scale`: the pen's width multiplier, undefined for a
 * point without pressure). The canvas's pen draws them at once, so a pointer move builds no segment object.
 */
export interface SegmentSink {
  dot(x: number, y: number, scale: number | undefined): void;
  /** From (x0, y0) to (x1, y1). */
  line(x0: number, y0: number, x1: number, y1: number, scale: number | undefined): void;
  /** From (x0, y0) to (x1, y1), its control point (cx, cy). */
  curve(
    x0: number,
    y0: number,
    cx: number,
    cy: number,
    x1: number,
    y1: number,
    scale: number | undefined,
  ): void;
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

/** Where curveControl puts the control point it finds (no object per pointer move). */
const control = { x: 0, y: 0 };

/**
 * The control point of the curve from (bx, by) to (cx, cy) that leaves b in the stroke's direction there (the
 * way from the point before, a, to c, as a Catmull-Rom spline has it) and is symmetric about the middle of
 * b-c, so it arrives at c turned as much again, as an arc would: where that direction meets the perpendicular
 * bisector of b-c. Written to `control`; false for a corner (see the limits above), drawn as a straight line.
 *
 * Numbers, not point objects, and square roots rather than Math.hypot: this runs for every pointer move, and
 * that measured a microsecond a move (hypot guards against overflow that canvas coordinates never reach).
 */
function curveControl(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  const inX = bx - ax;
  const inY = by - ay;
  const chordX = cx - bx;
  const chordY = cy - by;
  const alongX = cx - ax;
  const alongY = cy - ay;
  const chordLength = Math.sqrt(chordX * chordX + chordY * chordY);
  const alongLength = Math.sqrt(alongX * alongX + alongY * alongY);
  const turn = cosine(inX, inY, Math.sqrt(inX * inX + inY * inY), chordX, chordY, chordLength);
  const start = cosine(alongX, alongY, alongLength, chordX, chordY, chordLength);
  // Written so that NaN (a step without length) also means a corner.
  if (!(turn >= SHARPEST_CURVED_TURN_COSINE && start >= WIDEST_CURVE_START_COSINE)) return false;
  const reach = chordLength / 2 / start / alongLength;
  control.x = bx + alongX * reach;
  control.y = by + alongY * reach;
  return true;
}

function scaleAt(points: PointColumns, index: number): number | undefined {
  const pressure = points.pressure?.[index];
  return pressure === undefined ? undefined : scaleOfPressure(pressure);
}

/**
 * The segment to draw once `points[index]` has been appended, given to `sink`. The stroke passes through every
 * point and its ink reaches the newest one at once: it never lags behind the pointer, and the release draws
 * nothing.
 *
 * - the first point leaves a dot, so a click or tap shows at once;
 * - the second draws a straight line from the first point to it;
 * - every later point draws a curve from the point before it (see curveControl), which keeps the stroke
 *   smooth through each point and round on a fast circle whose points are far apart; a sharp turn is a
 *   corner, drawn as a straight line.
 *
 * Only the points up to `index` are read, so the live stroke can call this as points arrive. A line or curve
 * takes the width of the point it starts from.
 */
export function emitSegment(points: PointColumns, index: number, sink: SegmentSink): void {
  const { x, y } = points;
  if (index < 0 || index >= x.length) return;
  const toX = x[index] as number;
  const toY = y[index] as number;
  if (index === 0) {
    sink.dot(toX, toY, scaleAt(points, 0));
    return;
  }
  const fromX = x[index - 1] as number;
  const fromY = y[index - 1] as number;
  const scale = scaleAt(points, index - 1);
  if (index >= 2 && curveControl(x[index - 2] as number, y[index - 2] as number, fromX, fromY, toX, toY))
    sink.curve(fromX, fromY, control.x, control.y, toX, toY, scale);
  else sink.line(fromX, fromY, toX, toY, scale);
}

/** The index of a finished stroke's first segment: 1 when its dot was not painted (a lone point keeps it). */
export function firstSegment(pointCount: number, dot: boolean): number {
  return dot || pointCount === 1 ? 0 : 1;
}

/** `segment` with `scale` when the point has pressure. */
function scaled(segment: Segment, scale: number | undefined): Segment {
  return scale === undefined ? segment : { ...segment, scale };
}

/** `points` as columns, for emitSegment. */
function columnsOf(points: readonly Point[]): PointColumns {
  return {
    x: points.map((point) => point.x),
    y: points.map((point) => point.y),
    pressure: points.map((point) => point.pressure),
  };
}

/** The segment of `points[index]` as data (what emitSegment gives a sink), its ends the very point objects. */
function segmentOf(points: readonly Point[], columns: PointColumns, index: number): Segment[] {
  const segments: Segment[] = [];
  const to = points[index] as Point;
  const from = points[index - 1] as Point;
  emitSegment(columns, index, {
    dot: (_x, _y, scale) => segments.push(scaled({ kind: "dot", at: to }, scale)),
    line: (_fromX, _fromY, _toX, _toY, scale) => segments.push(scaled({ kind: "line", from, to }, scale)),
    curve: (_fromX, _fromY, x, y, _toX, _toY, scale) =>
      segments.push(scaled({ kind: "curve", from, control: { x, y }, to }, scale)),
  });
  return segments;
}

/** The segments emitSegment gives for `points[index]`, as data. */
export function segmentsForPoint(points: readonly Point[], index: number): Segment[] {
  return segmentOf(points, columnsOf(points), index);
}

/**
 * Every segment of a finished stroke, in the order the live stroke drew them; without the first point's dot
 * when `dot` is false (a lone point always keeps it).
 */
export function strokeSegments(points: readonly Point[], dot = true): Segment[] {
  const columns = columnsOf(points);
  const segments: Segment[] = [];
  for (let index = firstSegment(points.length, dot); index < points.length; index++)
    segments.push(...segmentOf(points, columns, index));
  return segments;
}
