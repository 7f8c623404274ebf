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

/** The point halfway between `a` and `b`. */
export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/**
 * The segments to draw once `points[index]` has been appended (quadratic curves through midpoints).
 *
 * - the first point leaves a dot, so a click or tap shows at once;
 * - the second draws a straight line from the first point to the first midpoint;
 * - every later point draws a curve from the previous midpoint to the new one, bending through the
 *   previous point, which keeps the stroke smooth (tangent-continuous) at every join.
 *
 * Only the points up to `index` are read, so the live stroke can call this as points arrive.
 */
export function segmentsForPoint(points: readonly Point[], index: number): Segment[] {
  const current = points[index];
  if (current === undefined) return [];
  if (index === 0) return [scaled({ kind: "dot", at: current }, current)];
  const previous = points[index - 1] as Point;
  if (index === 1)
    return [scaled({ kind: "line", from: previous, to: midpoint(previous, current) }, previous)];
  const beforePrevious = points[index - 2] as Point;
  const curve: Segment = {
    kind: "curve",
    from: midpoint(beforePrevious, previous),
    control: previous,
    to: midpoint(previous, current),
  };
  return [scaled(curve, previous)];
}

/** The segment that ends a stroke: from the last midpoint to the last point (nothing for a lone dot). */
export function closingSegments(points: readonly Point[]): Segment[] {
  const count = points.length;
  if (count < 2) return [];
  const last = points[count - 1] as Point;
  return [scaled({ kind: "line", from: midpoint(points[count - 2] as Point, last), to: last }, last)];
}

/** Every segment of a finished stroke, in the order the live stroke drew them. */
export function strokeSegments(points: readonly Point[]): Segment[] {
  const segments: Segment[] = [];
  for (let index = 0; index < points.length; index++) segments.push(...segmentsForPoint(points, index));
  segments.push(...closingSegments(points));
  return segments;
}
