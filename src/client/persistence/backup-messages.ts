/**
 * What the page and the backup's worker tell each other (backup-writer.ts on the page, backup-mirror.ts in the
 * worker), and when the backup writes. The page tells each change as it happens and the worker owns the wait
 * and the write (docs/decisions/0017), so the page's part of a stroke is one small message.
 */
import type { Point, Stroke, StrokeStyle } from "../engine/types.ts";

/**
 * The backup writes once the visitor has rested this long after a change. A reload soon after the last stroke
 * still finds it (a reload hides the page first, which writes at once), and strokes drawn in quick succession
 * share one write.
 */
export const BACKUP_DELAY_MS = 150;

/** However steadily the visitor draws, a change is written within this long: all a crash can take. */
export const BACKUP_MAX_WAIT_MS = 1000;

/** Values per point in a packed stroke: x, y, and the pen's pressure (NaN for a point without). */
const POINT_STRIDE = 3;

/**
 * A committed stroke as posted: its points packed in one buffer, which posting hands over without copying,
 * where a list of point objects would be cloned object by object.
 */
export interface PackedStroke {
  readonly style: StrokeStyle;
  readonly dot: boolean;
  readonly points: Float64Array;
}

/** One change of the drawing: a committed stroke, or pixels of the page's. */
export type Change =
  | ({ readonly kind: "stroke" } & PackedStroke)
  /** The whole drawing (at 0, 0), or the rectangle at (x, y) that strokes painted. */
  | {
      readonly kind: "pixels";
      readonly whole: boolean;
      readonly x: number;
      readonly y: number;
      readonly bitmap: ImageBitmap;
    };

/** A change as posted, in the order the page made them; `seq` counts them from 1. */
export type ChangeMessage = Change & {
  readonly seq: number;
  /** The drawing the visitor remixes (null for none), kept beside the PNG. */
  readonly remixOf: string | null;
};

/** What the page posts: a change, or "write what you have now" (the page is being hidden). */
export type PageMessage = ChangeMessage | { readonly kind: "flush" };

/**
 * What the worker answers, once per write: written (every change up to `through`), or why not. A "write"
 * failure is IndexedDB's (the page warns; the next change tries again); a "worker" failure means the worker
 * cannot do this work here (the page takes the backup over).
 */
export type WorkerAnswer =
  | { readonly kind: "written"; readonly through: number }
  | { readonly kind: "failed"; readonly failure: "write"; readonly through: number; readonly error: string }
  | { readonly kind: "failed"; readonly failure: "worker"; readonly error: string };

/** The stroke as posted (see PackedStroke). */
export function packStroke(stroke: Stroke): PackedStroke {
  const { points } = stroke;
  const packed = new Float64Array(points.length * POINT_STRIDE);
  for (let index = 0; index < points.length; index += 1) {
    const point = points[index] as Point;
    packed[index * POINT_STRIDE] = point.x;
    packed[index * POINT_STRIDE + 1] = point.y;
    packed[index * POINT_STRIDE + 2] = point.pressure ?? Number.NaN;
  }
  return { style: stroke.style, dot: stroke.dot, points: packed };
}

/** The stroke again, point for point as the page drew it. */
export function unpackStroke(packed: PackedStroke): Stroke {
  const values = packed.points;
  const points: Point[] = [];
  for (let index = 0; index + POINT_STRIDE <= values.length; index += POINT_STRIDE) {
    const x = values[index] as number;
    const y = values[index + 1] as number;
    const pressure = values[index + 2] as number;
    points.push(Number.isNaN(pressure) ? { x, y } : { x, y, pressure });
  }
  return { style: packed.style, dot: packed.dot, points };
}
