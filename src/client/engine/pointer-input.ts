import { type BoxInsets, type ClientRect, contentBox, toCanvasPoint } from "./coordinates.ts";
import type { Point } from "./types.ts";

/** What the pointer lifecycle tells the engine, in drawing-space points. */
export interface StrokeInput {
  /** Whether a press may start a stroke now (false before the first display is painted). */
  canStart(): boolean;
  start(point: Point): void;
  /** The positions of one pointermove, coalesced ones included, oldest first. */
  extend(points: readonly Point[]): void;
  /** The stroke ends; `point` is where (null when the browser cancelled the pointer). */
  end(point: Point | null): void;
}

/** Idle, or drawing with one pointer whose canvas box was measured at the press. */
type PointerState =
  | { readonly kind: "idle" }
  | { readonly kind: "drawing"; readonly pointerId: number; readonly box: ClientRect };

const IDLE: PointerState = { kind: "idle" };

function px(value: string): number {
  const parsed = Number.parseFloat(value);
  return Number.isFinite(parsed) ? parsed : 0;
}

/** Border plus padding of the canvas, so a styled canvas still maps exactly under the pointer. */
function insetsOf(canvas: HTMLCanvasElement): BoxInsets {
  const style = canvas.ownerDocument.defaultView?.getComputedStyle(canvas);
  if (style === undefined) return { left: 0, top: 0, right: 0, bottom: 0 };
  return {
    left: px(style.borderLeftWidth) + px(style.paddingLeft),
    top: px(style.borderTopWidth) + px(style.paddingTop),
    right: px(style.borderRightWidth) + px(style.paddingRight),
    bottom: px(style.borderBottomWidth) + px(style.paddingBottom),
  };
}

/**
 * The pointer lifecycle over one canvas (Pointer Events: mouse, pen, touch). One pointer draws a stroke;
 * other pointers (a second finger) are ignored until it ends. The stroke ends on pointerup, pointercancel,
 * and when the pointer leaves the canvas, as the spec says: for touch and pen the implicit pointer capture is
 * released at the press, or pointerleave would never fire.
 */
export class PointerInput {
  readonly #canvas: HTMLCanvasElement;
  readonly #input: StrokeInput;
  readonly #abort = new AbortController();
  #state: PointerState = IDLE;

  constructor(canvas: HTMLCanvasElement, input: StrokeInput) {
    this.#canvas = canvas;
    this.#input = input;
    const options = { signal: this.#abort.signal };
    canvas.addEventListener("pointerdown", (event) => this.#down(event), options);
    canvas.addEventListener("pointermove", (event) => this.#move(event), options);
    canvas.addEventListener("pointerup", (event) => this.#finish(event, true), options);
    canvas.addEventListener("pointerleave", (event) => this.#finish(event, true), options);
    canvas.addEventListener("pointercancel", (event) => this.#finish(event, false), options);
    // A long press must keep drawing, not open a context menu, while a stroke is on.
    canvas.addEventListener("contextmenu", (event) => this.#isActive() && event.preventDefault(), options);
  }

  /** Whether a stroke is being drawn. */
  get isDrawing(): boolean {
    return this.#state.kind === "drawing";
  }

  /** Ends the current stroke where it is (before an undo, a clear, ...). */
  endStroke(): void {
    if (this.#state.kind !== "drawing") return;
    this.#state = IDLE;
    this.#input.end(null);
  }

  /** Forgets the current stroke without ending it (the picture is about to be replaced). */
  abandonStroke(): void {
    this.#state = IDLE;
  }

  /** Removes every listener this added. */
  destroy(): void {
    this.#abort.abort();
    this.#state = IDLE;
  }

  #isActive(): boolean {
    return this.#state.kind === "drawing";
  }

  #down(event: PointerEvent): void {
    if (event.pointerType === "touch" || event.pointerType === "pen") event.preventDefault();
    if (this.#state.kind === "drawing" || event.button !== 0 || !this.#input.canStart()) return;
    if (this.#canvas.hasPointerCapture(event.pointerId)) this.#canvas.releasePointerCapture(event.pointerId);
    // Measured once per stroke: layout cannot change under a held pointer often enough to pay for it per move.
    const box = contentBox(this.#canvas.getBoundingClientRect(), insetsOf(this.#canvas));
    this.#state = { kind: "drawing", pointerId: event.pointerId, box };
    this.#input.start(toCanvasPoint(event.clientX, event.clientY, box));
  }

  #move(event: PointerEvent): void {
    const state = this.#state;
    if (state.kind !== "drawing" || event.pointerId !== state.pointerId) return;
    // Coalesced events carry every position the hardware reported since the last frame; synthetic events
    // have none, so the event itself is the fallback.
    const coalesced = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
    const events = coalesced.length > 0 ? coalesced : [event];
    this.#input.extend(events.map((each) => toCanvasPoint(each.clientX, each.clientY, state.box)));
  }

  #finish(event: PointerEvent, withPoint: boolean): void {
    const state = this.#state;
    if (state.kind !== "drawing" || event.pointerId !== state.pointerId) return;
    this.#state = IDLE;
    this.#input.end(withPoint ? toCanvasPoint(event.clientX, event.clientY, state.box) : null);
  }
}
