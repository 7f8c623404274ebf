/** What the backup worker's copy of the drawing lacks: the bookkeeping that lets a write send only that. */
import { unionArea } from "../engine/changed-area.ts";
import type { ChangedArea, Stroke } from "../engine/types.ts";

/** What the mirror needs next: nothing, the pixels of an area (or all), or strokes to draw itself. */
export type MirrorCopy = ChangedArea | { readonly strokes: readonly Stroke[] } | null;

/**
 * Strokes the mirror may draw itself between two copies of pixels. Its strokes are drawn with the same
 * calls, so they match the page's pixel for pixel where both canvases are rastered alike (on the CPU, as
 * here); a GPU-rastered page may anti-alias an edge a shade differently, and a regular copy bounds that.
 */
export const STROKES_BETWEEN_COPIES = 32;

/**
 * Tracks which pixels of the drawing the worker's copy (its mirror) may not have yet. It starts as "all"
 * (the worker has no copy); changes add their areas (a union: the bounding rectangle, "all" winning); `take`
 * hands over what to copy at the moment the copy is made; `lost` makes the next copy whole again (a failed
 * write, a stopped worker: the mirror can no longer be trusted).
 *
 * A copy taken while a stroke is being drawn holds part of that stroke. If the stroke is then committed, its
 * change covers those pixels again; if it is cancelled (its pixels go away with no change event), the mirror
 * would keep them for good. So a copy made during a stroke is remembered until a change arrives, and a new
 * stroke starting before any change (the earlier one was cancelled) makes the next copy whole.
 *
 * When everything since the last copy is committed strokes, the mirror gets those strokes instead of their
 * pixels: a few kilobytes of points posted to the worker, where copying pixels costs the page's main thread
 * a snapshot of the canvas after every stroke.
 */
export class MirrorSync {
  #pending: ChangedArea | null = "all";
  /** The strokes that make up #pending, in order; null when something else changed too. */
  #strokes: Stroke[] | null = null;
  /** The stroke whose 'change' comes next ('strokeend' comes first). */
  #committing: Stroke | null = null;
  #strokesSinceCopy = 0;
  #strokeLive = false;
  #copiedLiveStroke = false;

  /** The engine's 'strokestart'. */
  strokeStarted(): void {
    if (this.#copiedLiveStroke) this.lost();
    this.#strokeLive = true;
    this.#copiedLiveStroke = false;
  }

  /** The engine's 'strokeend': the stroke its next 'change' is. */
  strokeCommitted(stroke: Stroke): void {
    this.#committing = stroke;
  }

  /** The engine's 'change' (a committed stroke, undo, redo, clear, a tool), or "all" for any other repaint. */
  changed(area: ChangedArea): void {
    const stroke = this.#committing;
    this.#committing = null;
    if (stroke !== null && area !== "all") this.#strokes?.push(stroke);
    else this.#strokes = null;
    this.#pending = unionArea(this.#pending, area);
    this.#strokeLive = false;
    this.#copiedLiveStroke = false;
  }

  /** The mirror can no longer be trusted: the next copy is the whole drawing. */
  lost(): void {
    this.#pending = "all";
    this.#strokes = null;
  }

  /**
   * What to copy to the mirror now (null: it already has every pixel); call it right where the copy is made
   * (synchronously), so a change after it is left for the next copy.
   */
  take(): MirrorCopy {
    const area = this.#pending;
    const strokes = this.#strokes;
    this.#pending = null;
    this.#strokes = [];
    if (area === null) return null;
    if (strokes !== null && this.#strokesSinceCopy + strokes.length <= STROKES_BETWEEN_COPIES) {
      this.#strokesSinceCopy += strokes.length;
      return { strokes };
    }
    this.#strokesSinceCopy = 0;
    if (this.#strokeLive) this.#copiedLiveStroke = true;
    return area;
  }
}
