import { isTypingTarget } from "../keyboard/shortcuts.ts";
import { keyboardPan } from "./keyboard-pan.ts";
import {
  FIT,
  panBy,
  pinchView,
  stepZoom,
  type View,
  type ViewportPoint,
  zoomAround,
} from "./view-geometry.ts";

/** Wheel pixels per doubling of the zoom: a mouse notch (100 px) zooms by about 1.4x, a trackpad pinch finely. */
const WHEEL_PIXELS_PER_DOUBLING = 200;

/** A drag or a two-finger gesture in progress. */
type Gesture =
  | { readonly kind: "none" }
  | { readonly kind: "pan"; readonly pointerId: number; readonly last: ViewportPoint }
  | { readonly kind: "pinch"; readonly start: View; readonly from: readonly [ViewportPoint, ViewportPoint] };

/**
 * Zoom and pan of the drawing, framework-free: the stage (canvas and overlays) inside a clipping viewport is
 * CSS-transformed. The drawing's pixels never change, so export stays 600 x 600; the pointer keeps mapping
 * through the canvas's transformed box, so strokes land under it at every zoom; pixels are shown as sharp
 * squares when zoomed (`data-zoomed` lets the stylesheet say `image-rendering: pixelated`).
 *
 * Ctrl/Cmd + wheel (and trackpad pinch, which browsers report so) zooms around the pointer; the wheel alone
 * pans while zoomed. Two fingers zoom and pan (the engine takes their stroke back). Space + drag and the
 * middle button pan: those presses are taken before they reach the canvas, so they never draw. While zoomed,
 * the arrow keys pan too, unless the focused element uses them itself (keyboard-pan.ts).
 */
export class CanvasView {
  readonly #viewport: HTMLElement;
  readonly #stage: HTMLElement;
  readonly #onChange: (view: View) => void;
  readonly #abort = new AbortController();
  readonly #touches = new Map<number, ViewportPoint>();
  #view: View = FIT;
  #gesture: Gesture = { kind: "none" };
  #spaceHeld = false;

  constructor(viewport: HTMLElement, stage: HTMLElement, onChange: (view: View) => void) {
    this.#viewport = viewport;
    this.#stage = stage;
    this.#onChange = onChange;
    const signal = this.#abort.signal;
    viewport.addEventListener("wheel", (event) => this.#wheel(event), { passive: false, signal });
    viewport.addEventListener("pointerdown", (event) => this.#down(event), { capture: true, signal });
    // Fingers and pans are followed wherever they go (a finger may lift outside the viewport).
    const view = viewport.ownerDocument.defaultView;
    view?.addEventListener("pointermove", (event) => this.#move(event), { capture: true, signal });
    for (const type of ["pointerup", "pointercancel"] as const) {
      view?.addEventListener(type, (event) => this.#up(event), { capture: true, signal });
    }
    view?.addEventListener("keydown", (event) => this.#space(event, true), { signal });
    view?.addEventListener("keydown", (event) => this.#arrow(event), { signal });
    view?.addEventListener("keyup", (event) => this.#space(event, false), { signal });
    view?.addEventListener("blur", () => this.#setSpace(false), { signal });
  }

  /** How the drawing is shown now. */
  get view(): View {
    return this.#view;
  }

  /** One zoom step in (x2, up to 8x) around the middle of what is shown. */
  zoomIn(): void {
    this.#show(stepZoom(this.#view, 1));
  }

  /** One zoom step out (/2, down to the whole drawing). */
  zoomOut(): void {
    this.#show(stepZoom(this.#view, -1));
  }

  /** The whole drawing again. */
  fit(): void {
    this.#show(FIT);
  }

  /** Shifts the view by fractions of the viewport (arrow keys). */
  pan(dx: number, dy: number): void {
    this.#show(panBy(this.#view, dx, dy));
  }

  /** Stops listening and shows the whole drawing. */
  destroy(): void {
    this.#abort.abort();
    this.#show(FIT);
  }

  #show(view: View): void {
    if (view.zoom === this.#view.zoom && view.x === this.#view.x && view.y === this.#view.y) return;
    this.#view = view;
    const zoomed = view.zoom !== 1;
    this.#stage.style.transform = zoomed
      ? `translate(${view.x * 100}%, ${view.y * 100}%) scale(${view.zoom})`
      : "";
    if (zoomed) this.#viewport.dataset.zoomed = "true";
    else delete this.#viewport.dataset.zoomed;
    this.#onChange(view);
  }

  /** A client position as a fraction of the viewport. */
  #at(clientX: number, clientY: number): ViewportPoint {
    const box = this.#viewport.getBoundingClientRect();
    return {
      x: box.width > 0 ? (clientX - box.left) / box.width : 0,
      y: box.height > 0 ? (clientY - box.top) / box.height : 0,
    };
  }

  #wheel(event: WheelEvent): void {
    const pixels =
      event.deltaMode === WheelEvent.DOM_DELTA_LINE
        ? 16
        : event.deltaMode === WheelEvent.DOM_DELTA_PAGE
          ? 400
          : 1;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      const factor = 2 ** ((-event.deltaY * pixels) / WHEEL_PIXELS_PER_DOUBLING);
      this.#show(zoomAround(this.#view, factor, this.#at(event.clientX, event.clientY)));
    } else if (this.#view.zoom > 1) {
      event.preventDefault();
      const side = this.#viewport.getBoundingClientRect().width || 1;
      this.pan((-event.deltaX * pixels) / side, (-event.deltaY * pixels) / side);
    }
  }

  #down(event: PointerEvent): void {
    // Fingers on a sticker or a caption move, size and turn that, not the view.
    if (event.target instanceof Element && event.target.closest("button, textarea, input")) return;
    if (event.pointerType === "touch") {
      this.#touches.set(event.pointerId, this.#at(event.clientX, event.clientY));
      if (this.#touches.size === 2) {
        const [a, b] = [...this.#touches.values()] as [ViewportPoint, ViewportPoint];
        this.#gesture = { kind: "pinch", start: this.#view, from: [a, b] };
      }
      return;
    }
    if (event.button !== 1 && !(this.#spaceHeld && event.button === 0)) return;
    // Taken here, before the canvas sees it: a pan never draws.
    event.preventDefault();
    event.stopPropagation();
    this.#viewport.setPointerCapture(event.pointerId);
    this.#gesture = { kind: "pan", pointerId: event.pointerId, last: this.#at(event.clientX, event.clientY) };
  }

  #move(event: PointerEvent): void {
    const gesture = this.#gesture;
    if (event.pointerType === "touch" && this.#touches.has(event.pointerId)) {
      this.#touches.set(event.pointerId, this.#at(event.clientX, event.clientY));
      if (gesture.kind === "pinch" && this.#touches.size === 2) {
        const [a, b] = [...this.#touches.values()] as [ViewportPoint, ViewportPoint];
        this.#show(pinchView(gesture.start, gesture.from, [a, b]));
      }
      return;
    }
    if (gesture.kind !== "pan" || event.pointerId !== gesture.pointerId) return;
    event.stopPropagation();
    const at = this.#at(event.clientX, event.clientY);
    this.#gesture = { ...gesture, last: at };
    this.pan(at.x - gesture.last.x, at.y - gesture.last.y);
  }

  #up(event: PointerEvent): void {
    this.#touches.delete(event.pointerId);
    const gesture = this.#gesture;
    if (gesture.kind === "pinch" && this.#touches.size < 2) this.#gesture = { kind: "none" };
    if (gesture.kind === "pan" && event.pointerId === gesture.pointerId) {
      event.stopPropagation();
      this.#gesture = { kind: "none" };
    }
  }

  #arrow(event: KeyboardEvent): void {
    if (this.#view.zoom <= 1) return;
    const pan = keyboardPan(event);
    if (pan === null) return;
    // Taken: the page would scroll otherwise.
    event.preventDefault();
    this.pan(pan[0], pan[1]);
  }

  #space(event: KeyboardEvent, down: boolean): void {
    if (event.key !== " " || isTypingTarget(event.target as HTMLElement | null)) return;
    // On a button, Space presses it; anywhere else it is the pan key (and must not scroll the page).
    if (event.target instanceof HTMLElement && event.target.closest("button, a, [role='button']")) return;
    if (down) event.preventDefault();
    this.#setSpace(down);
  }

  #setSpace(held: boolean): void {
    this.#spaceHeld = held;
    if (held) this.#viewport.dataset.panning = "true";
    else delete this.#viewport.dataset.panning;
  }
}
