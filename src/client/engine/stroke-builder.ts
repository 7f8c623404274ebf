import { DRAWING_LIMITS } from "../../common/drawing-document/limits.ts";
import { toStrokePoint, toStrokePoints } from "../../common/drawing-document/stroke-point.ts";
import type { StrokePoint, StrokePoints } from "../../common/drawing-document/types.ts";
import { isFarEnough, MIN_POINT_DISTANCE } from "./point-filter.ts";
import { type Segment, segmentsForPoint } from "./smoothing.ts";
import type { StrokeStyle, TimedPoint } from "./types.ts";

/** A finished stroke as the log keeps it, less its author and time (the engine adds those). */
export interface BuiltStroke {
  readonly style: StrokeStyle;
  readonly points: StrokePoints;
  readonly dot: boolean;
}

/**
 * The live stroke: puts each pointer position on the document's grid (toStrokePoint), keeps the points far
 * enough apart and says which segments to draw for each kept one. The point drawn is the point kept, so its
 * segments, concatenated, are exactly `strokeSegments` of the finished stroke's points (the dot included): a
 * live stroke and its replay (redo, undo to a later checkpoint, a document painted again) paint the same pixels.
 */
export class StrokeBuilder {
  readonly style: StrokeStyle;
  readonly #points: StrokePoint[] = [];
  readonly #minDistance: number;
  /** The press's timeStamp, which each point's elapsed time counts from. */
  #since = 0;

  constructor(style: StrokeStyle, minDistance: number = MIN_POINT_DISTANCE) {
    this.style = style;
    this.#minDistance = minDistance;
  }

  /** How many points were kept so far. */
  get pointCount(): number {
    return this.#points.length;
  }

  /** Whether the stroke holds as many points as a document's stroke may: it must end now. */
  get isFull(): boolean {
    return this.#points.length >= DRAWING_LIMITS.pointsPerStroke;
  }

  /** Appends `input` unless it is too close to the last kept point (or the stroke is full); returns what to draw. */
  add(input: TimedPoint): Segment[] {
    const last = this.#points[this.#points.length - 1];
    if (last === undefined) this.#since = input.at;
    const point = toStrokePoint(input.x, input.y, input.pressure, input.at - this.#since, last?.elapsed);
    if (this.isFull || !isFarEnough(last, point, this.#minDistance)) return [];
    this.#points.push(point);
    return segmentsForPoint(this.#points, this.#points.length - 1);
  }

  /** Ends the stroke: its data for the log (its ink already reaches its last point); `dot`: was the dot painted. */
  finish(dot = true): BuiltStroke {
    return { style: this.style, points: toStrokePoints(this.#points), dot };
  }
}
