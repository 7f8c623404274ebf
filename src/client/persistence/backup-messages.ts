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

/**
 * Committed strokes as posted: every point of every stroke in one buffer, which posting hands over without
 * copying, where lists of point objects would be cloned object by object; `ends[i]` is where stroke i's
 * points end (in points).
 */
export interface PackedStrokes {
  readonly styles: readonly StrokeStyle[];
  readonly dots: readonly boolean[];
  readonly ends: readonly number[];
  readonly points: Float64Array;
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

/** The strokes as posted (see PackedStrokes). */
export function packStrokes(strokes: readonly Stroke[]): PackedStrokes {
  let total = 0;
  for (const stroke of strokes) total += stroke.points.length;
  const points = new Float64Array(total * POINT_STRIDE);
  const ends: number[] = [];
  let at = 0;
  for (const stroke of strokes) {
    for (const point of stroke.points) {
      points[at] = point.x;
      points[at + 1] = point.y;
      points[at + 2] = point.pressure ?? Number.NaN;
      at += POINT_STRIDE;
    }
    ends.push(at / POINT_STRIDE);
  }
  return {
    styles: strokes.map((stroke) => stroke.style),
    dots: strokes.map((stroke) => stroke.dot),
    ends,
    points,
  };
}

/** The strokes again, point for point as the page drew them. */
export function unpackStrokes(packed: PackedStrokes): Stroke[] {
  const values = packed.points;
  let start = 0;
  return packed.ends.map((end, index) => {
    const points: Point[] = [];
    for (let at = start * POINT_STRIDE; at < end * POINT_STRIDE; at += POINT_STRIDE) {
      const x = values[at] as number;
      const y = values[at + 1] as number;
      const pressure = values[at + 2] as number;
      points.push(Number.isNaN(pressure) ? { x, y } : { x, y, pressure });
    }
    start = end;
    return { style: packed.styles[index] as StrokeStyle, dot: packed.dots[index] as boolean, points };
  });
}
