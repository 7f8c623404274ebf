import { isFarEnough, MIN_POINT_DISTANCE } from "./point-filter.ts";
import { type Segment, segmentsForPoint } from "./smoothing.ts";
import type { Point, Stroke, StrokeStyle } from "./types.ts";

/**
 * The live stroke: collects the kept points of one pointer and says which segments to draw for each new
 * point. Its segments, concatenated, are exactly `strokeSegments(stroke.points)` (the dot included), which is what makes a
 * live stroke and its replay (redo, undo to a later checkpoint) paint the same pixels.
 */
export class StrokeBuilder {
  readonly style: StrokeStyle;
  readonly #points: Point[] = [];
  readonly #minDistance: number;

  constructor(style: StrokeStyle, minDistance: number = MIN_POINT_DISTANCE) {
    this.style = style;
    this.#minDistance = minDistance;
  }

  /** How many points were kept so far. */
  get pointCount(): number {
    return this.#points.length;
  }

  /** Appends `point` unless it is too close to the last kept one; returns the segments to draw now. */
  add(point: Point): Segment[] {
    if (!isFarEnough(this.#points[this.#points.length - 1], point, this.#minDistance)) return [];
    this.#points.push(point);
    return segmentsForPoint(this.#points, this.#points.length - 1);
  }

  /**
   * Ends the stroke: the stroke as data for the history (its ink already reaches its last point); `dot`
   * says whether the first point's dot was painted.
   */
  finish(dot = true): Stroke {
    return { style: this.style, points: this.#points.slice(), dot };
  }
}
