import { DEFAULT_BRUSH_SIZE, DEFAULT_COLOUR } from "../../common/constants.ts";
import { Emitter } from "./emitter.ts";
import { type Action, History, type RestorePlan } from "./history.ts";
import { PointerInput } from "./pointer-input.ts";
import { unusableImageReason } from "./render.ts";
import { strokeSegments } from "./smoothing.ts";
import { StrokeBuilder } from "./stroke-builder.ts";
import { type Snapshot, Surface } from "./surface.ts";
import type { EngineEventName, EngineListener, Point, StrokeStyle } from "./types.ts";

/** How the engine is set up. */
export interface DrawingEngineOptions {
  /**
   * Device pixels per canvas pixel for the displayed backing store; default window.devicePixelRatio
   * (tracked with a matchMedia resolution listener). Clamped to 1..2 (see MAX_PIXEL_RATIO).
   */
  pixelRatio?: number;
}

const DEFAULT_STYLE: StrokeStyle = { colour: DEFAULT_COLOUR, width: DEFAULT_BRUSH_SIZE, eraser: false };

/**
 * The framework-free drawing engine: pointer input -> strokes -> canvas, with undo/redo over bitmap
 * checkpoints and PNG export. React only constructs it, listens to its events and destroys it; no event
 * fires per pointer move.
 *
 * Finished strokes are baked into the bitmap; a pointer move draws only the new segments of the live stroke,
 * so its cost does not grow with the drawing. A stroke is drawn as the same segment calls live and on
 * replay, so undo/redo reproduce its pixels exactly. See History for the memory bound.
 */
export class DrawingEngine {
  readonly #canvas: HTMLCanvasElement;
  readonly #surface: Surface;
  readonly #pointer: PointerInput;
  readonly #emitter = new Emitter();
  readonly #previousTouchAction: string;
  #style: StrokeStyle = DEFAULT_STYLE;
  #history: History<Snapshot> | null = null;
  #background: CanvasImageSource | null = null;
  #live: StrokeBuilder | null = null;
  #stopWatchingRatio: () => void = () => {};

  constructor(canvas: HTMLCanvasElement, options: DrawingEngineOptions = {}) {
    this.#canvas = canvas;
    const view = canvas.ownerDocument.defaultView;
    this.#surface = new Surface(canvas, options.pixelRatio ?? view?.devicePixelRatio ?? 1);
    this.#previousTouchAction = canvas.style.touchAction;
    // The page must never scroll or zoom under a drawing finger, even before its own CSS loads.
    canvas.style.touchAction = "none";
    this.#pointer = new PointerInput(canvas, {
      canStart: () => this.isReady,
      start: (point) => this.#startStroke(point),
      extend: (points) => this.#extendStroke(points),
      end: (point) => this.#endStroke(point),
    });
    if (options.pixelRatio === undefined) this.#watchDevicePixelRatio();
  }

  /**
   * Paints the first-display state: fill white, then `image` drawn mirrored left-right scaled to the full
   * 600x600 (null = white only). Resets history. Emits 'ready'. Pointer input is ignored before the first
   * call. An image that would taint the canvas (cross-origin without CORS) or cannot be drawn is left out
   * with a console warning, so saving keeps working.
   */
  setBackground(image: CanvasImageSource | null): void {
    this.#pointer.abandonStroke();
    this.#live = null;
    this.#background = this.#usable(image, "background image");
    this.#surface.paintBackground(this.#background);
    this.#resetHistory();
    this.#emitter.emit("ready", undefined);
    this.#emitHistoryChange();
  }

  /**
   * Paints a saved drawing (e.g. a backup restored on reload) as it is, not mirrored, and makes it the base
   * of the history (it cannot be undone; Clear still brings back the mirrored background). Call after
   * setBackground. Emits 'historychange' but not 'change': the picture is the one that was saved.
   * Returns false (and paints nothing) before setBackground or when the image cannot be used.
   */
  restoreDrawing(image: CanvasImageSource): boolean {
    if (!this.isReady) return false;
    const usable = this.#usable(image, "restored drawing");
    if (usable === null) return false;
    this.#pointer.abandonStroke();
    this.#live = null;
    this.#surface.paintDrawing(usable);
    this.#resetHistory();
    this.#emitHistoryChange();
    return true;
  }

  /** Changes the brush for the next stroke (a stroke keeps the style it started with). */
  setStyle(style: Partial<StrokeStyle>): void {
    this.#style = { ...this.#style, ...style };
  }

  /** The brush the next stroke will use. */
  get style(): StrokeStyle {
    return this.#style;
  }

  /** Repaints white + mirrored background; undoable. Ignored before setBackground. */
  clear(): void {
    if (this.#history === null) return;
    this.#pointer.endStroke();
    this.#surface.paintBackground(this.#background);
    this.#commit({ kind: "clear" });
  }

  /** Undoes the last stroke or clear; false when there is nothing to undo. */
  undo(): boolean {
    this.#pointer.endStroke();
    return this.#show(this.#history?.undo() ?? null);
  }

  /** Redoes the last undone action; false when there is nothing to redo. */
  redo(): boolean {
    this.#pointer.endStroke();
    return this.#show(this.#history?.redo() ?? null);
  }

  get canUndo(): boolean {
    return this.#history?.canUndo ?? false;
  }

  get canRedo(): boolean {
    return this.#history?.canRedo ?? false;
  }

  /** True once setBackground has painted the first display. */
  get isReady(): boolean {
    return this.#history !== null;
  }

  /** Device pixels per canvas pixel of the displayed backing store (1..2). */
  get pixelRatio(): number {
    return this.#surface.pixelRatio;
  }

  /** Sets the display's pixel ratio by hand; the device's ratio is no longer followed. */
  setPixelRatio(pixelRatio: number): void {
    this.#stopWatchingRatio();
    this.#stopWatchingRatio = () => {};
    this.#surface.setPixelRatio(pixelRatio);
  }

  /** Exactly 600x600 PNG of the drawing. */
  toBlob(): Promise<Blob> {
    return new Promise((resolve, reject) => {
      this.#surface.documentCanvas.toBlob((blob) => {
        if (blob === null) reject(new Error("The browser could not encode the drawing as a PNG."));
        else resolve(blob);
      }, "image/png");
    });
  }

  /** Exactly 600x600 PNG of the drawing, as data:image/png;base64. */
  toDataURL(): string {
    return this.#surface.documentCanvas.toDataURL("image/png");
  }

  /** 600x600 pixels of the drawing. */
  getImageData(): ImageData {
    return this.#surface.getImageData();
  }

  /** Adds a listener; returns a function that removes it. */
  on<E extends EngineEventName>(event: E, listener: EngineListener<E>): () => void {
    return this.#emitter.on(event, listener);
  }

  /** Removes a listener. */
  off<E extends EngineEventName>(event: E, listener: EngineListener<E>): void {
    this.#emitter.off(event, listener);
  }

  /** Removes every listener the engine added and releases its checkpoints. The picture stays on screen. */
  destroy(): void {
    this.#pointer.destroy();
    this.#stopWatchingRatio();
    this.#stopWatchingRatio = () => {};
    this.#emitter.clear();
    this.#history?.dispose();
    this.#history = null;
    this.#surface.dropSpares();
    this.#live = null;
    this.#canvas.style.touchAction = this.#previousTouchAction;
  }

  #startStroke(point: Point): void {
    this.#live = new StrokeBuilder(this.#style);
    this.#surface.drawSegments(this.#live.style, this.#live.add(point));
    this.#emitter.emit("strokestart", undefined);
  }

  #extendStroke(points: readonly Point[]): void {
    const live = this.#live;
    if (live === null) return;
    const segments = points.flatMap((point) => live.add(point));
    this.#surface.drawSegments(live.style, segments);
  }

  #endStroke(point: Point | null): void {
    const live = this.#live;
    if (live === null) return;
    if (point !== null) this.#surface.drawSegments(live.style, live.add(point));
    const { segments, stroke } = live.finish();
    this.#surface.drawSegments(live.style, segments);
    this.#live = null;
    this.#commit({ kind: "stroke", stroke });
  }

  #commit(action: Action): void {
    this.#history?.record(action, () => this.#surface.snapshot());
    this.#emitter.emit("change", undefined);
    this.#emitHistoryChange();
  }

  /** Brings a history state on screen: one checkpoint restore, then at most K - 1 replayed actions. */
  #show(plan: RestorePlan<Snapshot> | null): boolean {
    if (plan === null) return false;
    if (plan.restore !== null) this.#surface.restore(plan.restore);
    for (const action of plan.replay) {
      if (action.kind === "clear") this.#surface.paintBackground(this.#background);
      else this.#surface.drawSegments(action.stroke.style, strokeSegments(action.stroke.points));
    }
    this.#emitter.emit("change", undefined);
    this.#emitHistoryChange();
    return true;
  }

  #resetHistory(): void {
    this.#history?.dispose();
    const surface = this.#surface;
    this.#history = new History<Snapshot>(surface.snapshot(), {
      dispose: (snapshot) => surface.release(snapshot),
    });
  }

  #emitHistoryChange(): void {
    this.#emitter.emit("historychange", { canUndo: this.canUndo, canRedo: this.canRedo });
  }

  #usable(image: CanvasImageSource | null, what: string): CanvasImageSource | null {
    if (image === null) return null;
    const reason = unusableImageReason(image, this.#canvas.ownerDocument);
    if (reason === null) return image;
    console.warn(
      `Fanvas: the ${what} cannot be drawn without breaking export (${reason}); using white instead.`,
    );
    return null;
  }

  /** Follows devicePixelRatio: a resolution media query fires once when it changes, then is set up again. */
  #watchDevicePixelRatio(): void {
    const view = this.#canvas.ownerDocument.defaultView;
    if (view === null || typeof view.matchMedia !== "function") return;
    const query = view.matchMedia(`(resolution: ${view.devicePixelRatio}dppx)`);
    const onChange = () => {
      this.#surface.setPixelRatio(view.devicePixelRatio);
      this.#watchDevicePixelRatio();
    };
    query.addEventListener("change", onChange, { once: true });
    this.#stopWatchingRatio = () => query.removeEventListener("change", onChange);
  }
}
