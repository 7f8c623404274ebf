/** What the backup worker's copy of the drawing needs at each change: the bookkeeping that lets the page send only that. */
import { strokeBounds, unionRect } from "../engine/changed-area.ts";
import type { PixelRect, Stroke } from "../engine/types.ts";

/** What to send for a change: the stroke itself, the pixels of a rectangle or of all, or nothing. */
export type MirrorCopy = { readonly stroke: Stroke } | PixelRect | "all" | null;

/**
 * Strokes the mirror may draw itself between two copies of pixels. Its strokes are drawn with the same
 * calls, so they match the page's pixel for pixel where both canvases are rastered alike (on the CPU, as
 * here); a GPU-rastered page may anti-alias an edge a shade differently, and a regular copy bounds that.
 */
export const STROKES_BETWEEN_COPIES = 32;

/**
 * Decides, change by change, what the worker's copy of the drawing (its mirror) needs. It starts lacking
 * everything (the worker has no copy). A committed stroke is sent as itself: a few kilobytes posted, which the
 * worker draws with the page's own calls, where a copy of pixels costs the page's main thread a snapshot of the
 * canvas. Anything else that repaints (undo, redo, clear, a tool, a new first display) sends the whole drawing,
 * and so does the first change. Every STROKES_BETWEEN_COPIES + 1 strokes, the rectangle the strokes since the
 * last copy painted is sent as pixels instead of the last stroke.
 *
 * A change is only ever told with no stroke being drawn (the engine commits the live stroke before any other
 * change, and a new first display drops it), so a copy of pixels never holds part of a stroke.
 */
export class MirrorSync {
  #lacksAll = true;
  /** Strokes sent as strokes since the last copy of pixels, in order. */
  #strokes: Stroke[] = [];

  /** The engine's 'change': the committed stroke, or null when anything else repainted the drawing. */
  next(stroke: Stroke | null): MirrorCopy {
    if (stroke === null || this.#lacksAll) {
      this.#lacksAll = false;
      this.#strokes = [];
      return "all";
    }
    if (this.#strokes.length < STROKES_BETWEEN_COPIES) {
      this.#strokes.push(stroke);
      return { stroke };
    }
    const painted = this.#strokes.reduce<PixelRect | null>(
      (area, each) => unionRect(area, strokeBounds(each)),
      strokeBounds(stroke),
    );
    this.#strokes = [];
    // Strokes wholly off the canvas paint no pixel of it: nothing to send for them.
    return painted;
  }

  /** The mirror can no longer be trusted (a copy failed, a repaint the worker was not told of): the next change sends all. */
  lost(): void {
    this.#lacksAll = true;
  }
}
