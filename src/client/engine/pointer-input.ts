import { CanvasBox } from "./canvas-box.ts";
import { type ClientRect, canvasScale, isOutsideCanvasAt, toCanvasPoint } from "./coordinates.ts";
import type { TimedPoint } from "./types.ts";

/** What the pointer lifecycle tells the engine, in drawing-space points. */
export interface StrokeInput {
  /** Whether a press may start a stroke now (false before the first display is painted). */
  canStart(): boolean;
  /** A press; returns false when it starts no stroke (a tap for another tool), true when it does. */
  start(point: TimedPoint, pointerType: string): boolean;
  /**
   * One position of a pointermove (each coalesced one in turn, oldest first) in drawing pixels, with a pen's
   * pressure (undefined for mouse and touch) and the event's timeStamp, as numbers: no object per move. True
   * when the stroke can take no more points (it then ends where it is).
   */
  extend(x: number, y: number, pressure: number | undefined, at: number): boolean;
  /** The stroke ends; `point` is where (null when the browser cancelled the pointer). */
  end(point: TimedPoint | null): void;
  /** The stroke is taken back: a second finger came down, so the fingers mean zoom or pan. */
  cancel(): void;
}

/** Idle, or drawing with one pointer whose canvas box was measured at the press. */
type PointerState =
  | { readonly kind: "idle" }
  | {
      readonly kind: "drawing";
      readonly pointerId: number;
      readonly pointerType: string;
      readonly box: ClientRect;
      /** Drawing pixels per CSS pixel across and down the box (see toCanvasPoint), worked out once per stroke. */
      readonly scaleX: number;
      readonly scaleY: number;
      /** event.timeStamp of the press. */
      readonly since: number;
    };

/**
 * A second finger this soon after the first (ms) means the two came down together to zoom or pan: the first
 * one's beginning stroke is taken back. Later, the first finger was drawing, and its stroke is kept as it is.
 */
const TWO_FINGER_WINDOW_MS = 250;

const IDLE: PointerState = { kind: "idle" };

/**
 * The pointer lifecycle over one canvas (Pointer Events: mouse, pen, touch). One pointer draws a stroke;
 * other mouse or pen pointers are ignored until it ends. Two fingers never draw (they zoom and pan the view):
 * a second finger ends the first one's stroke, taking it back if it began within TWO_FINGER_WINDOW_MS, and
 * no finger draws again until all have lifted.
 * The stroke ends on pointerup, pointercancel, and when the pointer leaves the canvas, as the spec says: for
 * touch and pen the implicit pointer capture is released at the press, or pointerleave would never fire.
 * A pen's points carry its pressure (the pointerup's own, always 0, is replaced by the last one reported).
 */
export class PointerInput {
  readonly #canvas: HTMLCanvasElement;
  readonly #box: CanvasBox;
  readonly #input: StrokeInput;
  readonly #abort = new AbortController();
  #state: PointerState = IDLE;
  /** Fingers on the canvas now; a press draws only when it is the only one. */
  readonly #touches = new Set<number>();
  #lastPressure = 0.5;

  constructor(canvas: HTMLCanvasElement, input: StrokeInput) {
    this.#canvas = canvas;
    this.#box = new CanvasBox(canvas);
    this.#input = input;
    const options = { signal: this.#abort.signal };
    canvas.addEventListener("pointerdown", (event) => this.#down(event), options);
    canvas.addEventListener("pointermove", (event) => this.#move(event), options);
    for (const type of ["pointerup", "pointerleave", "pointercancel"] as const) {
      canvas.addEventListener(type, (event) => this.#finish(event, type !== "pointercancel"), options);
    }
    // A finger counts until it lifts, wherever it lifts (capture is released, so maybe not over the canvas).
    for (const type of ["pointerup", "pointercancel"] as const) {
      canvas.ownerDocument.addEventListener(type, (event) => this.#touches.delete(event.pointerId), options);
    }
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
    this.#box.disconnect();
    this.#state = IDLE;
  }

  #isActive(): boolean {
    return this.#state.kind === "drawing";
  }

  #down(event: PointerEvent): void {
    const touch = event.pointerType === "touch";
    if (touch || event.pointerType === "pen") event.preventDefault();
    if (touch) this.#touches.add(event.pointerId);
    if (touch && this.#touches.size > 1) {
      const state = this.#state;
      if (state.kind === "drawing" && state.pointerType === "touch") {
        this.#state = IDLE;
        if (event.timeStamp - state.since < TWO_FINGER_WINDOW_MS) this.#input.cancel();
        else this.#input.end(null);
      }
      return;
    }
    if (this.#state.kind === "drawing" || event.button !== 0 || !this.#input.canStart()) return;
    // A mouse has no implicit capture to release.
    if (event.pointerType !== "mouse" && this.#canvas.hasPointerCapture(event.pointerId))
      this.#canvas.releasePointerCapture(event.pointerId);
    // Measured once per stroke: layout cannot change under a held pointer often enough to pay for it per move.
    const box = this.#box.measure();
    if (!this.#input.start(this.#pointOf(event, box), event.pointerType)) {
      // A tap for a tool: no mousedown follows, so focus stays on the caption or sticker the tap placed.
      event.preventDefault();
      return;
    }
    const { pointerId, pointerType, timeStamp: since } = event;
    const scaleX = canvasScale(box.width);
    const scaleY = canvasScale(box.height);
    this.#state = { kind: "drawing", pointerId, pointerType, box, scaleX, scaleY, since };
  }

  #move(event: PointerEvent): void {
    const state = this.#state;
    if (state.kind !== "drawing" || event.pointerId !== state.pointerId) return;
    // Coalesced events carry every position the hardware reported since the last frame; synthetic events
    // have none, so the event itself is the fallback.
    const coalesced = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
    // This runs for every move the hardware reports: each position goes on as numbers, with no point,
    // closure or array made for it.
    if (coalesced.length === 0) {
      this.#extend(event, state, false);
      return;
    }
    for (let index = 0; index < coalesced.length; index++)
      if (this.#extend(coalesced[index] as PointerEvent, state, true)) return;
  }

  /**
   * Adds one position of a move to the stroke; true when the stroke ended there: it could take no more points,
   * or (`endsOutside`, a coalesced position) the position is off the canvas. Out of the canvas and back within
   * one frame, the browser sends no pointerleave, as it only looks at where the pointer is at the frame, so the
   * stroke ends at the first position outside, as it would have (a canvas with padding is left a little
   * sooner, at the edge of its bitmap).
   */
  #extend(
    event: PointerEvent,
    state: Extract<PointerState, { kind: "drawing" }>,
    endsOutside: boolean,
  ): boolean {
    const { box } = state;
    const x = (event.clientX - box.left) * state.scaleX;
    const y = (event.clientY - box.top) * state.scaleY;
    if (endsOutside && isOutsideCanvasAt(x, y)) {
      this.#state = IDLE;
      this.#input.end(this.#pointOf(event, box));
      return true;
    }
    const pen = state.pointerType === "pen";
    if (pen) this.#lastPressure = event.pressure;
    if (!this.#input.extend(x, y, pen ? this.#lastPressure : undefined, event.timeStamp)) return false;
    this.endStroke();
    return true;
  }

  /** The drawing-space point of an event and when it was reported; a pen's carries its pressure. */
  #pointOf(event: PointerEvent, box: ClientRect, lifted = false): TimedPoint {
    const { x, y } = toCanvasPoint(event.clientX, event.clientY, box);
    if (event.pointerType !== "pen") return { x, y, at: event.timeStamp };
    if (!lifted) this.#lastPressure = event.pressure;
    return { x, y, pressure: this.#lastPressure, at: event.timeStamp };
  }

  #finish(event: PointerEvent, withPoint: boolean): void {
    const state = this.#state;
    if (state.kind !== "drawing" || event.pointerId !== state.pointerId) return;
    this.#state = IDLE;
    this.#input.end(withPoint ? this.#pointOf(event, state.box, true) : null);
  }
}
