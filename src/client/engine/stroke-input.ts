/** Presses on the canvas: strokes drawn as the pointer moves, or taps for another tool. */
import { DEFAULT_BRUSH_SIZE, DEFAULT_COLOUR } from "../../common/constants.ts";
import { beforeNextFrameOf, LiveStroke } from "./live-stroke.ts";
import { PointerInput } from "./pointer-input.ts";
import type { BuiltStroke } from "./stroke-builder.ts";
import type { Surface } from "./surface.ts";
import type { InputMode, StrokeStyle, Tap, TimedPoint } from "./types.ts";

const DEFAULT_STYLE: StrokeStyle = { colour: DEFAULT_COLOUR, width: DEFAULT_BRUSH_SIZE, eraser: false };

/** What the input tells the engine. */
export interface StrokeInputHost {
  /** Whether a press may start a stroke now (false before the first display is painted). */
  canStart(): boolean;
  tap(tap: Tap): void;
  started(): void;
  /** A stroke ended, already painted; `pressedAt` is when it began, ms since the epoch. */
  finished(stroke: BuiltStroke | null, pressedAt: number): void;
  /** The stroke was taken back unrecorded (a second finger came down): its pixels must go. */
  cancelled(): void;
}

/** The pointer lifecycle (PointerInput) and the live stroke it draws, with the brush it draws with. */
export class StrokeInput {
  readonly #canvas: HTMLCanvasElement;
  readonly #pointer: PointerInput;
  readonly #live: LiveStroke;
  readonly #previousTouchAction: string;
  #style: StrokeStyle = DEFAULT_STYLE;
  #mode: InputMode = "draw";
  #pressedAt = 0;

  constructor(canvas: HTMLCanvasElement, surface: Surface, host: StrokeInputHost) {
    this.#canvas = canvas;
    this.#live = new LiveStroke(surface, beforeNextFrameOf(canvas.ownerDocument.defaultView));
    this.#previousTouchAction = canvas.style.touchAction;
    // The page must never scroll or zoom under a drawing finger, even before its own CSS loads.
    canvas.style.touchAction = "none";
    this.#pointer = new PointerInput(canvas, {
      canStart: () => host.canStart(),
      start: (point, pointerType) => {
        if (this.#mode === "tap") {
          host.tap({ point: { x: point.x, y: point.y }, pointerType });
          return false;
        }
        this.#pressedAt = Date.now();
        this.#live.start(this.#style, point);
        host.started();
        return true;
      },
      extend: (x, y, pressure, at) => this.#live.extend(x, y, pressure, at),
      end: (point: TimedPoint | null) => host.finished(this.#live.finish(point), this.#pressedAt),
      cancel: () => {
        if (this.#live.drop()) host.cancelled();
      },
    });
  }

  /** The brush the next stroke will use. */
  get style(): StrokeStyle {
    return this.#style;
  }

  /** Changes the brush for the next stroke (a stroke keeps the style it started with); colours in lower case. */
  setStyle(style: Partial<StrokeStyle>): void {
    const colour = style.colour?.toLowerCase() ?? this.#style.colour;
    this.#style = { ...this.#style, ...style, colour };
  }

  /** What a press does from now on; a stroke being drawn ends when it changes. */
  setMode(mode: InputMode): void {
    if (mode !== this.#mode) this.#pointer.endStroke();
    this.#mode = mode;
  }

  /** True while a stroke is being drawn. */
  get isDrawing(): boolean {
    return this.#pointer.isDrawing;
  }

  /** Ends the stroke being drawn where it is (before an undo, a tool's operation, ...). */
  endStroke(): void {
    this.#pointer.endStroke();
  }

  /** Forgets the stroke being drawn (the picture is about to be replaced). */
  abandonStroke(): void {
    this.#pointer.abandonStroke();
    this.#live.drop();
  }

  /** Removes every listener and gives the canvas its touch-action back. */
  destroy(): void {
    this.#pointer.destroy();
    this.#live.drop();
    this.#canvas.style.touchAction = this.#previousTouchAction;
  }
}
