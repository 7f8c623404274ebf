import { StrokeBuilder } from "./stroke-builder.ts";
import type { Surface } from "./surface.ts";
import type { Point, Stroke, StrokeStyle } from "./types.ts";

/**
 * The stroke under the pointer, drawn on the surface as its points arrive: each point draws only its own new
 * segments, so a move costs the same however much is drawn. At most one at a time.
 */
export class LiveStroke {
  readonly #surface: Surface;
  #builder: StrokeBuilder | null = null;

  constructor(surface: Surface) {
    this.#surface = surface;
  }

  /** Whether a stroke is being drawn. */
  get active(): boolean {
    return this.#builder !== null;
  }

  /** Starts a stroke with `style` at `point` (a dot shows at once). */
  start(style: StrokeStyle, point: Point): void {
    this.#builder = new StrokeBuilder(style);
    this.#surface.drawSegments(style, this.#builder.add(point));
  }

  /** Adds one position of a pointer move. */
  extend(point: Point): void {
    const builder = this.#builder;
    if (builder !== null) this.#surface.drawSegments(builder.style, builder.add(point));
  }

  /** Ends the stroke at `point` (null: where it is) and returns it for the history; null when none was on. */
  finish(point: Point | null): Stroke | null {
    const builder = this.#builder;
    if (builder === null) return null;
    // Only a release away from the last move draws: the ink already reaches every point kept so far.
    if (point !== null) this.#surface.drawSegments(builder.style, builder.add(point));
    this.#builder = null;
    return builder.finish();
  }

  /** Forgets the stroke without finishing it (its pixels are the caller's to repaint); true if one was on. */
  drop(): boolean {
    const had = this.#builder !== null;
    this.#builder = null;
    return had;
  }
}
