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
 * first display) makes it lack everything again. `take` hands over what to send at the moment a write makes
 * it: the strokes themselves, which the worker draws (a few kilobytes posted, where copying pixels costs the
 * page's main thread a snapshot of the canvas), or pixels: all of them, or, every STROKES_BETWEEN_COPIES
 * strokes, the rectangle the strokes since the last take painted. That rectangle is only a bound on a GPU's
 * drift, so it waits for a write made while the visitor rests: a snapshot costs the main thread up to a few
 * milliseconds (a large fresh bitmap), better spent then than between two strokes. `lost` makes the next copy
 * whole again (a copy that failed: the mirror can no longer be trusted).
 *
 * Pixels must not be copied while a stroke is being drawn (the copy would hold part of it); the writer waits
 * for the stroke's end when `needsPixels` says a copy is due.
 */
export class MirrorSync {
  #lacksAll = true;
  /** Strokes committed since the last copy, in order. */
  #strokes: Stroke[] = [];
  #strokesSinceCopy = 0;

  /** The engine's 'change': the committed stroke, or null when anything else repainted the drawing. */
  changed(stroke: Stroke | null): void {
    if (stroke === null) this.lost();
    else this.#strokes.push(stroke);
  }

  /** The mirror can no longer be trusted: the next copy is the whole drawing. */
  lost(): void {
    this.#lacksAll = true;
  }

  /** Whether a take now would copy pixels; `rested`: the visitor is resting (see take). */
  needsPixels(rested: boolean): boolean {
    if (this.#lacksAll) return true;
    return rested && this.#strokesSinceCopy + this.#strokes.length > STROKES_BETWEEN_COPIES;
  }

  /**
   * What to send the mirror now (null: it already has every pixel); the caller copies what it says at once.
   * Unless `rested`, strokes go as strokes even when their rectangle is due.
   */
  take(rested: boolean): MirrorCopy {
    const strokes = this.#strokes;
    const needsPixels = this.needsPixels(rested);
    const lacksAll = this.#lacksAll;
    this.#strokes = [];
    this.#lacksAll = false;
    if (!needsPixels) {
      this.#strokesSinceCopy += strokes.length;
      return strokes.length === 0 ? null : { strokes };
    }
    this.#strokesSinceCopy = 0;
    if (lacksAll) return "all";
    // Strokes wholly off the canvas paint no pixel of it: nothing to copy for them.
    return strokes.reduce<PixelRect | null>((area, stroke) => unionRect(area, strokeBounds(stroke)), null);
  }
}
