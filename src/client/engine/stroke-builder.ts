import { DRAWING_LIMITS } from "../../common/drawing-document/limits.ts";
import {
  onPointGrid,
  onPressureSteps,
  onStrokeTimeline,
} from "../../common/drawing-document/stroke-point.ts";
import type { StrokePoints } from "../../common/drawing-document/types.ts";
import { isStepFarEnough, MIN_POINT_DISTANCE } from "./point-filter.ts";
import type { StrokeStyle } from "./types.ts";

/** A finished stroke as the log keeps it, less its author and time (the engine adds those). */
export interface BuiltStroke {
  readonly style: StrokeStyle;
  readonly points: StrokePoints;
  readonly dot: boolean;
}

/** The columns a stroke's points are appended to (plain arrays of numbers: a point adds no object). */
interface GrowingPoints {
  readonly x: number[];
  readonly y: number[];
  readonly elapsed: number[];
  pressure?: number[];
}

/**
 * The live stroke's points: puts each pointer position on the document's grid (as toStrokePoint does), keeps
 * the points far enough apart, and appends them to the columns the finished stroke's operation keeps. The
 * point drawn is the point kept, and live and replay draw each one's segment from these same columns
 * (emitSegment), so a live stroke and its replay (redo, undo to a later checkpoint, a document painted again)
 * paint the same pixels.
 */
export class StrokeBuilder {
  readonly style: StrokeStyle;
  readonly #points: GrowingPoints = { x: [], y: [], elapsed: [] };
  readonly #minDistance: number;
  /** The press's timeStamp, which each point's elapsed time counts from. */
  #since = 0;

  constructor(style: StrokeStyle, minDistance: number = MIN_POINT_DISTANCE) {
    this.style = style;
    this.#minDistance = minDistance;
  }

  /** How many points were kept so far. */
  get pointCount(): number {
    return this.#points.x.length;
  }

  /** The points kept so far (the builder's own columns: read, never kept past finish). */
  get points(): StrokePoints {
    return this.#points;
  }

  /** Whether the stroke holds as many points as a document's stroke may: it must end now. */
  get isFull(): boolean {
    return this.#points.x.length >= DRAWING_LIMITS.pointsPerStroke;
  }

  /**
   * Appends the pointer position (x, y) in drawing pixels, its pen pressure (undefined for mouse and touch:
   * the first point decides for the whole stroke) and event time `at`, unless it is too close to the last kept
   * point or the stroke is full; true when it was kept (its segment is then the one to draw).
   */
  add(x: number, y: number, pressure: number | undefined, at: number): boolean {
    const points = this.#points;
    const count = points.x.length;
    if (count === 0) this.#since = at;
    else if (this.isFull) return false;
    const gridX = onPointGrid(x);
    const gridY = onPointGrid(y);
    const last = count - 1;
    if (
      count > 0 &&
      !isStepFarEnough(
        gridX - (points.x[last] as number),
        gridY - (points.y[last] as number),
        this.#minDistance,
      )
    )
      return false;
    points.x.push(gridX);
    points.y.push(gridY);
    points.elapsed.push(onStrokeTimeline(at - this.#since, count === 0 ? 0 : points.elapsed[last]));
    if (count === 0 && pressure !== undefined) points.pressure = [];
    points.pressure?.push(onPressureSteps(pressure ?? 0));
    return true;
  }

  /** Ends the stroke: its data for the log (its ink already reaches its last point); `dot`: was the dot painted. */
  finish(dot = true): BuiltStroke {
    return { style: this.style, points: this.#points, dot };
  }
}
