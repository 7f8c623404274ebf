/** What the backup worker's copy of the drawing lacks: the bookkeeping that lets a write send only that. */
import { unionArea } from "../engine/changed-area.ts";
import type { ChangedArea } from "../engine/types.ts";

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
 */
export class MirrorSync {
  #pending: ChangedArea | null = "all";
  #strokeLive = false;
  #copiedLiveStroke = false;

  /** The engine's 'strokestart'. */
  strokeStarted(): void {
    if (this.#copiedLiveStroke) this.#pending = "all";
    this.#strokeLive = true;
    this.#copiedLiveStroke = false;
  }

  /** The engine's 'change' (a committed stroke, undo, redo, clear, a tool), or "all" for any other repaint. */
  changed(area: ChangedArea): void {
    this.#pending = unionArea(this.#pending, area);
    this.#strokeLive = false;
    this.#copiedLiveStroke = false;
  }

  /** The mirror can no longer be trusted: the next copy is the whole drawing. */
  lost(): void {
    this.#pending = "all";
  }

  /**
   * What to copy to the mirror now (null: it already has every pixel); call it right where the copy is made
   * (synchronously), so a change after it is left for the next copy.
   */
  take(): ChangedArea | null {
    const area = this.#pending;
    this.#pending = null;
    if (this.#strokeLive) this.#copiedLiveStroke = true;
    return area;
  }
}
