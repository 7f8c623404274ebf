import type { Point } from "./types.ts";

/**
 * One piece of a stroke as the canvas draws it. A stroke is always painted as the same ordered list of
 * segments, one path per segment, whether it is drawn live or replayed, so both give identical pixels.
 */
export type Segment =
  | { readonly kind: "dot"; readonly at: Point }
  | { readonly kind: "line"; readonly from: Point; readonly to: Point }
  | { readonly kind: "curve"; readonly from: Point; readonly control: Point; readonly to: Point };

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
  if (index === 0) return [{ kind: "dot", at: current }];
  const previous = points[index - 1] as Point;
  if (index === 1) return [{ kind: "line", from: previous, to: midpoint(previous, current) }];
  const beforePrevious = points[index - 2] as Point;
  return [
    {
      kind: "curve",
      from: midpoint(beforePrevious, previous),
      control: previous,
      to: midpoint(previous, current),
    },
  ];
}

/** The segment that ends a stroke: from the last midpoint to the last point (nothing for a lone dot). */
export function closingSegments(points: readonly Point[]): Segment[] {
  const count = points.length;
  if (count < 2) return [];
  const last = points[count - 1] as Point;
  return [{ kind: "line", from: midpoint(points[count - 2] as Point, last), to: last }];
}

/** Every segment of a finished stroke, in the order the live stroke drew them. */
export function strokeSegments(points: readonly Point[]): Segment[] {
  const segments: Segment[] = [];
  for (let index = 0; index < points.length; index++) segments.push(...segmentsForPoint(points, index));
  segments.push(...closingSegments(points));
  return segments;
}
