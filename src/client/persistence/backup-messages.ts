/**
 * What the page and the backup's worker tell each other (backup-writer.ts on the page, backup-mirror.ts in the
 * worker), and when the backup writes. The page waits for the visitor to rest and posts what changed since its
 * last write in one message, which the worker applies, encodes and stores without a word back unless asked
 * (docs/decisions/0017): a post costs the page's main thread about 0.15 ms here, an answer about as much.
 */
import type { Point, Stroke, StrokeStyle } from "../engine/types.ts";

/**
 * The backup writes once the visitor has rested this long after a change: a stroke begun before then holds
 * the write until it ends. A reload soon after the last stroke still finds it (a reload hides the page first,
 * which writes at once), and strokes drawn in quick succession share one write.
 */
export const BACKUP_DELAY_MS = 150;

/** However steadily the visitor draws, a change is written within this long: all a crash can take. */
export const BACKUP_MAX_WAIT_MS = 1000;

/** Values per point in packed strokes: x, y, and the pen's pressure (NaN for a point without). */
const POINT_STRIDE = 3;

/** Values per stroke in packed strokes: where its points end (counted in points), width, eraser, dot (1 or 0). */
const SHAPE_STRIDE = 4;

/**
 * Committed strokes as posted: every point of every stroke in one buffer, and every stroke's shape in another,
 * both handed over without copying, where lists of point and style objects would be cloned object by object
 * (a post's clone is main-thread time). Only the colours stay strings.
 */
export interface PackedStrokes {
  readonly points: Float64Array;
  readonly shapes: Float64Array;
  readonly colours: readonly string[];
}

/** What changed since the previous write: strokes the worker draws itself, or pixels of the page's. */
export type Patch =
  | { readonly kind: "strokes"; readonly strokes: PackedStrokes }
  /** The whole drawing (at 0, 0), or the rectangle at (x, y) that strokes painted. */
  | {
      readonly kind: "pixels";
      readonly whole: boolean;
      readonly x: number;
      readonly y: number;
      readonly bitmap: ImageBitmap;
    };

/** One write, in the order the page made them; `seq` counts them from 1. */
export interface WriteMessage {
  readonly seq: number;
  /** Null when no pixel changed (only the record is new). */
  readonly patch: Patch | null;
  readonly savedAt: number;
  /** The drawing the visitor remixes (null for none), kept beside the PNG. */
  readonly remixOf: string | null;
  /** Answer "written" once this is stored: the page's proof that the worker is alive. */
  readonly ack: boolean;
}

/**
 * What the worker answers: "written" through a write that asked for it, or why a write failed (always). A
 * "write" failure is IndexedDB's (the page warns; the next change tries again, and the worker's copy stays
 * whole); a "worker" failure means the worker cannot do this work here (the page takes the backup over).
 */
export type WorkerAnswer =
  | { readonly kind: "written"; readonly through: number }
  | { readonly kind: "failed"; readonly failure: "write"; readonly through: number; readonly error: string }
  | { readonly kind: "failed"; readonly failure: "worker"; readonly error: string };

/**
 * The strokes as posted (see PackedStrokes). Indexed loops: this runs once a write, in code the engine rarely
 * has optimised by then, where iterators and spreads cost several times more.
 */
export function packStrokes(strokes: readonly Stroke[]): PackedStrokes {
  let total = 0;
  for (let index = 0; index < strokes.length; index += 1) total += (strokes[index] as Stroke).points.length;
  const points = new Float64Array(total * POINT_STRIDE);
  const shapes = new Float64Array(strokes.length * SHAPE_STRIDE);
  const colours: string[] = [];
  let at = 0;
  for (let index = 0; index < strokes.length; index += 1) {
    const { style, dot, points: strokePoints } = strokes[index] as Stroke;
    for (let pointIndex = 0; pointIndex < strokePoints.length; pointIndex += 1) {
      const point = strokePoints[pointIndex] as Point;
      const pressure = point.pressure;
      points[at] = point.x;
      points[at + 1] = point.y;
      points[at + 2] = pressure === undefined ? Number.NaN : pressure;
      at += POINT_STRIDE;
    }
    const shape = index * SHAPE_STRIDE;
    shapes[shape] = at / POINT_STRIDE;
    shapes[shape + 1] = style.width;
    shapes[shape + 2] = style.eraser ? 1 : 0;
    shapes[shape + 3] = dot ? 1 : 0;
    colours.push(style.colour);
  }
  return { points, shapes, colours };
}

/** The strokes again, point for point as the page drew them. */
export function unpackStrokes(packed: PackedStrokes): Stroke[] {
  const { points: values, shapes } = packed;
  const strokes: Stroke[] = [];
  let start = 0;
  for (let index = 0; index < packed.colours.length; index += 1) {
    const shape = index * SHAPE_STRIDE;
    const end = shapes[shape] as number;
    const points: Point[] = [];
    for (let at = start * POINT_STRIDE; at < end * POINT_STRIDE; at += POINT_STRIDE) {
      const x = values[at] as number;
      const y = values[at + 1] as number;
      const pressure = values[at + 2] as number;
      points.push(Number.isNaN(pressure) ? { x, y } : { x, y, pressure });
    }
    const style: StrokeStyle = {
      colour: packed.colours[index] as string,
      width: shapes[shape + 1] as number,
      eraser: shapes[shape + 2] === 1,
    };
    strokes.push({ style, points, dot: shapes[shape + 3] === 1 });
    start = end;
  }
  return strokes;
}
