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
  return previous === undefined || isStepFarEnough(next.x - previous.x, next.y - previous.y, minDistance);
}

/** Whether a step of (dx, dy) from the last kept point reaches `minDistance` (isFarEnough without points). */
export function isStepFarEnough(dx: number, dy: number, minDistance: number = MIN_POINT_DISTANCE): boolean {
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
