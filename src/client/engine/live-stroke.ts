import type { Segment } from "./smoothing.ts";
import { type BuiltStroke, StrokeBuilder } from "./stroke-builder.ts";
import type { Surface } from "./surface.ts";
import type { StrokeStyle, TimedPoint } from "./types.ts";

/** Runs a callback before the next frame is painted (requestAnimationFrame); returns a cancel function. */
export type BeforeNextFrame = (callback: () => void) => () => void;

const NOTHING_TO_CANCEL = (): void => {};

/** The browser's requestAnimationFrame for `view`; without a window, at once. */
export function beforeNextFrameOf(view: Window | null): BeforeNextFrame {
  if (view === null) {
    return (callback) => {
      callback();
      return NOTHING_TO_CANCEL;
    };
  }
  return (callback) => {
    const handle = view.requestAnimationFrame(() => callback());
    return () => view.cancelAnimationFrame(handle);
  };
}

/**
 * The stroke under the pointer, drawn on the surface as its points arrive: each point draws only its own new
 * segments, so a move costs the same however much is drawn. At most one at a time.
 *
 * The press's dot is painted just before the next frame rather than at once: a drawing made in the press
 * handler would only be shown by that same frame anyway. When the pointer has moved by then, the first
 * segment (round-capped, starting at the press) already covers the dot, and it is left out; the stroke
 * records which, so a replay paints the same pixels.
 */
export class LiveStroke {
  readonly #surface: Surface;
  readonly #beforeNextFrame: BeforeNextFrame;
  #builder: StrokeBuilder | null = null;
  /** The press's dot while it waits for the frame. */
  #pendingDot: readonly Segment[] | null = null;
  #cancelFrame: () => void = NOTHING_TO_CANCEL;
  #dotPainted = false;

  constructor(surface: Surface, beforeNextFrame: BeforeNextFrame) {
    this.#surface = surface;
    this.#beforeNextFrame = beforeNextFrame;
  }

  /** Starts a stroke with `style` at `point` (its dot shows in the next frame). */
  start(style: StrokeStyle, point: TimedPoint): void {
    this.#forgetDot();
    const builder = new StrokeBuilder(style);
    this.#builder = builder;
    this.#dotPainted = false;
    this.#pendingDot = builder.add(point);
    this.#cancelFrame = this.#beforeNextFrame(() => this.#paintPendingDot());
  }

  /**
   * Adds one position of a pointer move; true when the stroke now holds as many points as a document's stroke
   * may (the caller ends it).
   */
  extend(point: TimedPoint): boolean {
    const builder = this.#builder;
    if (builder === null) return false;
    this.#draw(builder, builder.add(point));
    return builder.isFull;
  }

  /** Ends the stroke at `point` (null: where it is) and returns it for the log; null when none was on. */
  finish(point: TimedPoint | null): BuiltStroke | null {
    const builder = this.#builder;
    if (builder === null) return null;
    // Only a release away from the last move draws: the ink already reaches every point kept so far.
    if (point !== null) this.#draw(builder, builder.add(point));
    // A tap released before its frame: its dot is all there is, painted now.
    this.#paintPendingDot();
    this.#builder = null;
    return builder.finish(this.#dotPainted);
  }

  /** Forgets the stroke without finishing it (its pixels are the caller's to repaint); true if one was on. */
  drop(): boolean {
    const had = this.#builder !== null;
    this.#forgetDot();
    this.#builder = null;
    return had;
  }

  #draw(builder: StrokeBuilder, segments: readonly Segment[]): void {
    if (segments.length === 0) return;
    // The first segment starts at the press with a round cap: the waiting dot would add nothing.
    this.#forgetDot();
    this.#surface.drawSegments(builder.style, segments);
  }

  #paintPendingDot(): void {
    const builder = this.#builder;
    const dot = this.#pendingDot;
    if (builder === null || dot === null) return;
    this.#forgetDot();
    this.#surface.drawSegments(builder.style, dot);
    this.#dotPainted = true;
  }

  /** Stops waiting for the frame; nothing to do (as on every move after the first) when no dot waits. */
  #forgetDot(): void {
    if (this.#pendingDot === null) return;
    this.#pendingDot = null;
    this.#cancelFrame();
    this.#cancelFrame = NOTHING_TO_CANCEL;
  }
}
