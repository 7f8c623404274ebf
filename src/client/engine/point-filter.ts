import type { Point } from "./types.ts";

/** Points closer than this (canvas pixels) to the previous kept point add nothing visible and are skipped. */
export const MIN_POINT_DISTANCE = 1;

/**
 * Whether `next` is far enough from the last kept point to be kept. The first point is always kept.
 * Skipping near-duplicates keeps strokes light and stops jitter from bending the curve.
 */
export function isFarEnough(
  previous: Point | undefined,
  next: Point,
  minDistance: number = MIN_POINT_DISTANCE,
): boolean {
  if (previous === undefined) return true;
  const dx = next.x - previous.x;
  const dy = next.y - previous.y;
  return dx * dx + dy * dy >= minDistance * minDistance;
}

/** The points of `points` that survive filtering, in order (what a live stroke keeps from the same input). */
export function filterPoints(points: readonly Point[], minDistance: number = MIN_POINT_DISTANCE): Point[] {
  const kept: Point[] = [];
  for (const point of points) {
    if (isFarEnough(kept[kept.length - 1], point, minDistance)) kept.push(point);
  }
  return kept;
}
