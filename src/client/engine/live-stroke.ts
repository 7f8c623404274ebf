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
 * The stroke under the pointer, drawn on the surface as its points arrive. A pointer move only keeps its point;
 * the segments kept since the last frame are drawn just before the next one, each as its own path, with the very
 * calls a replay makes (so both paint the same pixels): the browser shows the canvas only at a frame, so the ink
 * appears in the same frame as if each move had drawn it, and a frame's moves cost one visit to the canvas instead
 * of one each (Chromium sends a frame's moves together, just before its animation frames). A move costs the same
 * however much is drawn. At most one stroke at a time.
 *
 * The press's dot waits for the frame the same way. When the pointer has moved by then, the first segment
 * (round-capped, starting at the press) already covers the dot, and it is left out; the stroke records which,
 * so a replay paints the same pixels.
 */
export class LiveStroke {
  readonly #surface: Surface;
  readonly #beforeNextFrame: BeforeNextFrame;
  #builder: StrokeBuilder | null = null;
  /** Whether the press's dot waits for the frame (until a move makes it unneeded). */
  #dotPending = false;
  #dotPainted = false;
  /** Points whose segments are on the surface: the first segment not drawn yet is this point's. */
  #drawnPoints = 0;
  /** Cancels the frame asked for; NOTHING_TO_CANCEL while none is. */
  #cancelFrame: () => void = NOTHING_TO_CANCEL;
  readonly #paintPendingNow = (): void => {
    this.#cancelFrame = NOTHING_TO_CANCEL;
    this.#paintPending();
  };

  constructor(surface: Surface, beforeNextFrame: BeforeNextFrame) {
    this.#surface = surface;
    this.#beforeNextFrame = beforeNextFrame;
  }

  /** Starts a stroke with `style` at `point` (its dot shows in the next frame). */
  start(style: StrokeStyle, point: TimedPoint): void {
    this.#stopWaiting();
    const builder = new StrokeBuilder(style);
    this.#builder = builder;
    this.#dotPainted = false;
    this.#dotPending = builder.add(point.x, point.y, point.pressure, point.at);
    this.#drawnPoints = 1;
    this.#askForFrame();
  }

  /**
   * Adds one position of a pointer move (drawing pixels, a pen's pressure, the event's time); true when the
   * stroke now holds as many points as a document's stroke may (the caller ends it). Nothing is allocated.
   */
  extend(x: number, y: number, pressure: number | undefined, at: number): boolean {
    const builder = this.#builder;
    if (builder === null) return false;
    if (builder.add(x, y, pressure, at)) {
      // The first segment starts at the press with a round cap: the waiting dot would add nothing.
      this.#dotPending = false;
      this.#askForFrame();
    }
    return builder.isFull;
  }

  /** Ends the stroke at `point` (null: where it is) and returns it for the log; null when none was on. */
  finish(point: TimedPoint | null): BuiltStroke | null {
    const builder = this.#builder;
    if (builder === null) return null;
    // Only a release away from the last move adds a point: the ink already reaches every point kept so far.
    if (point !== null && builder.add(point.x, point.y, point.pressure, point.at)) this.#dotPending = false;
    // What waits for the frame is painted now: the log's stroke is on the surface in full when it is recorded.
    this.#stopWaiting();
    this.#paintPending();
    this.#builder = null;
    return builder.finish(this.#dotPainted);
  }

  /** Forgets the stroke without finishing it (its pixels are the caller's to repaint); true if one was on. */
  drop(): boolean {
    const had = this.#builder !== null;
    this.#stopWaiting();
    this.#builder = null;
    return had;
  }

  /** Paints what waits: the dot, or the segments of the points kept since the last paint. */
  #paintPending(): void {
    const builder = this.#builder;
    if (builder === null) return;
    const style = builder.style;
    if (this.#dotPending) {
      this.#dotPending = false;
      this.#surface.drawStroke(style, builder.points, 0, 1);
      this.#dotPainted = true;
    }
    const count = builder.pointCount;
    if (this.#drawnPoints >= count) return;
    this.#surface.drawStroke(style, builder.points, this.#drawnPoints, count);
    this.#drawnPoints = count;
  }

  #askForFrame(): void {
    if (this.#cancelFrame === NOTHING_TO_CANCEL)
      this.#cancelFrame = this.#beforeNextFrame(this.#paintPendingNow);
  }

  #stopWaiting(): void {
    this.#cancelFrame();
    this.#cancelFrame = NOTHING_TO_CANCEL;
  }
}
