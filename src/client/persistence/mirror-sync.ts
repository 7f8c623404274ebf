/** What the backup worker's copy of the drawing lacks: the bookkeeping that lets a write send only that. */
import { strokeBounds, unionRect } from "../engine/changed-area.ts";
import type { PixelRect, Stroke } from "../engine/types.ts";

/** What the mirror needs next: nothing, the pixels of a rectangle or of all, or strokes to draw itself. */
export type MirrorCopy = PixelRect | "all" | { readonly strokes: readonly Stroke[] } | null;

/**
 * Strokes the mirror may draw itself between two copies of pixels. Its strokes are drawn with the same
 * calls, so they match the page's pixel for pixel where both canvases are rastered alike (on the CPU, as
 * here); a GPU-rastered page may anti-alias an edge a shade differently, and a regular copy bounds that.
 */
export const STROKES_BETWEEN_COPIES = 32;

/**
 * Tracks what the worker's copy of the drawing (its mirror) lacks. It starts lacking everything (the worker
 * has no copy). A committed stroke adds itself; anything else that repaints (undo, redo, clear, a tool, a new
 * first display) makes it lack everything again. `take` hands over what to send at the moment the copy is
 * made: the strokes themselves, which the worker draws (a few kilobytes posted, where copying pixels costs the
 * page's main thread a snapshot of the canvas), or pixels: all of them, or, every STROKES_BETWEEN_COPIES
 * strokes, the rectangle the strokes since the last copy painted. `lost` makes the next copy whole again (a
 * failed write, a stopped worker: the mirror can no longer be trusted).
 *
 * A copy of pixels taken while a stroke is being drawn holds part of that stroke. If the stroke is then
 * committed, it is sent again; if it is cancelled (its pixels go away with no change event), the mirror would
 * keep them for good. So such a copy is remembered until a change arrives, and a new stroke starting before
 * any change (the earlier one was cancelled) makes the next copy whole.
 */
export class MirrorSync {
  #lacksAll = true;
  /** Strokes committed since the last copy, in order. */
  #strokes: Stroke[] = [];
  #strokesSinceCopy = 0;
  #strokeLive = false;
  #copiedLiveStroke = false;

  /** The engine's 'strokestart'. */
  strokeStarted(): void {
    if (this.#copiedLiveStroke) this.lost();
    this.#strokeLive = true;
    this.#copiedLiveStroke = false;
  }

  /** The engine's 'change': the committed stroke, or null when anything else repainted the drawing. */
  changed(stroke: Stroke | null): void {
    if (stroke === null) this.lost();
    else this.#strokes.push(stroke);
    this.#strokeLive = false;
    this.#copiedLiveStroke = false;
  }

  /** The mirror can no longer be trusted: the next copy is the whole drawing. */
  lost(): void {
    this.#lacksAll = true;
  }

  /**
   * What to send the mirror now (null: it already has every pixel); call it right where the copy is made
   * (synchronously), so a change after it is left for the next copy.
   */
  take(): MirrorCopy {
    const strokes = this.#strokes;
    const lacksAll = this.#lacksAll;
    this.#strokes = [];
    this.#lacksAll = false;
    if (!lacksAll && strokes.length === 0) return null;
    if (!lacksAll && this.#strokesSinceCopy + strokes.length <= STROKES_BETWEEN_COPIES) {
      this.#strokesSinceCopy += strokes.length;
      return { strokes };
    }
    this.#strokesSinceCopy = 0;
    if (this.#strokeLive) this.#copiedLiveStroke = true;
    if (lacksAll) return "all";
    // Strokes wholly off the canvas paint no pixel of it: nothing to copy for them.
    return strokes.reduce<PixelRect | null>((area, stroke) => unionRect(area, strokeBounds(stroke)), null);
  }
}
