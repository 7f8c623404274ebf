import { DRAWING_LIMITS, POINT_GRID, POSITION_RANGE, PRESSURE_STEPS } from "./limits.ts";
import type { StrokePoint, StrokePoints } from "./types.ts";

/** A position on the point grid, within POSITION_RANGE (a point further out is drawn clipped anyway). */
export function onPointGrid(value: number): number {
  const clamped = Math.min(POSITION_RANGE.max, Math.max(POSITION_RANGE.min, Number.isNaN(value) ? 0 : value));
  // + 0 turns -0 into 0, which is what the encoding gives back.
  return Math.round(clamped * POINT_GRID) / POINT_GRID + 0;
}

/** A pen's pressure (0 .. 1) in steps of 1 / PRESSURE_STEPS. */
export function onPressureSteps(pressure: number): number {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(pressure) ? pressure : 0));
  return Math.round(clamped * PRESSURE_STEPS) / PRESSURE_STEPS + 0;
}

/**
 * The stroke point the document keeps for a pointer position (drawing pixels), its pen pressure (undefined for
 * mouse and touch) and the milliseconds since the press: on the grid, within the accepted area and times, and
 * never earlier than the point before (`previousElapsed`). The engine draws this point, not the raw one, so a
 * stroke drawn live and the same stroke replayed from its encoding are the same pixels.
 */
export function toStrokePoint(
  x: number,
  y: number,
  pressure: number | undefined,
  elapsed: number,
  previousElapsed = 0,
): StrokePoint {
  const point = { x: onPointGrid(x), y: onPointGrid(y), elapsed: onStrokeTimeline(elapsed, previousElapsed) };
  return pressure === undefined ? point : { ...point, pressure: onPressureSteps(pressure) };
}

/** A point's milliseconds since the press as the document keeps them (see toStrokePoint). */
export function onStrokeTimeline(elapsed: number, previousElapsed = 0): number {
  return Math.min(DRAWING_LIMITS.strokeMs, Math.max(previousElapsed, Math.round(elapsed) || 0));
}

/** Points as a stroke operation keeps them (columns); a pen's if the first point has pressure. */
export function toStrokePoints(points: readonly StrokePoint[]): StrokePoints {
  const columns = {
    x: points.map((point) => point.x),
    y: points.map((point) => point.y),
    elapsed: points.map((point) => point.elapsed),
  };
  if (points[0]?.pressure === undefined) return columns;
  return { ...columns, pressure: points.map((point) => point.pressure ?? 0) };
}

/** A stroke operation's points one by one, as the engine's smoothing takes them. */
export function strokePointList(points: StrokePoints): StrokePoint[] {
  const { x, y, elapsed, pressure } = points;
  const list: StrokePoint[] = [];
  for (let index = 0; index < x.length; index += 1) {
    const point = { x: x[index] ?? 0, y: y[index] ?? 0, elapsed: elapsed[index] ?? 0 };
    list.push(pressure === undefined ? point : { ...point, pressure: pressure[index] ?? 0 });
  }
  return list;
}
