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
  /** Whether the press's dot waits for the frame. */
  #dotPending = false;
  #cancelFrame: () => void = NOTHING_TO_CANCEL;
  #dotPainted = false;
  readonly #paintPendingDotNow = (): void => this.#paintPendingDot();

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
    this.#dotPending = builder.add(point.x, point.y, point.pressure, point.at);
    this.#cancelFrame = this.#beforeNextFrame(this.#paintPendingDotNow);
  }

  /**
   * Adds one position of a pointer move (drawing pixels, a pen's pressure, the event's time); true when the
   * stroke now holds as many points as a document's stroke may (the caller ends it). Nothing is allocated.
   */
  extend(x: number, y: number, pressure: number | undefined, at: number): boolean {
    const builder = this.#builder;
    if (builder === null) return false;
    if (builder.add(x, y, pressure, at)) this.#drawNewest(builder);
    return builder.isFull;
  }

  /** Ends the stroke at `point` (null: where it is) and returns it for the log; null when none was on. */
  finish(point: TimedPoint | null): BuiltStroke | null {
    const builder = this.#builder;
    if (builder === null) return null;
    // Only a release away from the last move draws: the ink already reaches every point kept so far.
    if (point !== null && builder.add(point.x, point.y, point.pressure, point.at)) this.#drawNewest(builder);
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

  /** Draws the segment of the point just kept. */
  #drawNewest(builder: StrokeBuilder): void {
    // The first segment starts at the press with a round cap: the waiting dot would add nothing.
    this.#forgetDot();
    const count = builder.pointCount;
    this.#surface.drawStroke(builder.style, builder.points, count - 1, count);
  }

  #paintPendingDot(): void {
    const builder = this.#builder;
    if (builder === null || !this.#dotPending) return;
    this.#forgetDot();
    this.#surface.drawStroke(builder.style, builder.points, 0, 1);
    this.#dotPainted = true;
  }

  /** Stops waiting for the frame; nothing to do (as on every move after the first) when no dot waits. */
  #forgetDot(): void {
    if (!this.#dotPending) return;
    this.#dotPending = false;
    this.#cancelFrame();
    this.#cancelFrame = NOTHING_TO_CANCEL;
  }
}
