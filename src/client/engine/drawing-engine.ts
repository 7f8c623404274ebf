import { DEFAULT_BRUSH_SIZE, DEFAULT_COLOUR } from "../../common/constants.ts";
import type { Checkpoint } from "./checkpoints.ts";
import { Emitter } from "./emitter.ts";
import { type Action, History, type RestorePlan } from "./history.ts";
import { beforeNextFrameOf, LiveStroke } from "./live-stroke.ts";
import { watchDevicePixelRatio } from "./pixel-ratio.ts";
import { PointerInput } from "./pointer-input.ts";
import { usableImage } from "./render.ts";
import { Surface } from "./surface.ts";
import type { EngineEventName, EngineListener, InputMode, Point, StrokeStyle, ToolAction } from "./types.ts";

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
  #history: History<Checkpoint> | null = null;
  #background: CanvasImageSource | null = null;
  readonly #live: LiveStroke;
  #inputMode: InputMode = "draw";
  readonly #stopWatchingRatio: () => void = () => {};
  /** True when the history's base is a restored drawing rather than the first display. */
  #restored = false;

  /**
   * `pixelRatio`: device pixels per canvas pixel for the displayed backing store; default the window's
   * devicePixelRatio (tracked with a matchMedia resolution listener). Clamped to 1..2 (see MAX_PIXEL_RATIO).
   */
  constructor(canvas: HTMLCanvasElement, options: { readonly pixelRatio?: number } = {}) {
    this.#canvas = canvas;
    const view = canvas.ownerDocument.defaultView;
    this.#surface = new Surface(canvas, options.pixelRatio ?? view?.devicePixelRatio ?? 1);
    this.#live = new LiveStroke(this.#surface, beforeNextFrameOf(view));
    this.#previousTouchAction = canvas.style.touchAction;
    // The page must never scroll or zoom under a drawing finger, even before its own CSS loads.
    canvas.style.touchAction = "none";
    this.#pointer = new PointerInput(canvas, {
      canStart: () => this.isReady,
      start: (point, pointerType) => this.#press(point, pointerType),
      extend: (point) => this.#live.extend(point),
      end: (point) => this.#endStroke(point),
      cancel: () => this.#cancelStroke(),
    });
    if (options.pixelRatio === undefined && view !== null)
      this.#stopWatchingRatio = watchDevicePixelRatio(view, (ratio) => this.#surface.setPixelRatio(ratio));
  }

  /**
   * Paints the first-display state: fill white, then `image` drawn mirrored left-right scaled to the full
   * 600x600 (null = white only). Resets history. Emits 'ready'. Pointer input is ignored before the first
   * call. An image that would taint the canvas (cross-origin without CORS) or cannot be drawn is left out
   * with a console warning, so saving keeps working.
   */
  setBackground(image: CanvasImageSource | null): void {
    this.#pointer.abandonStroke();
    this.#live.drop();
    this.#background = usableImage(image, this.#canvas.ownerDocument, "background image");
    this.#surface.paintBackground(this.#background);
    // The first display is painted again when undone to, never copied: ready one copy of the picture sooner.
    this.#resetHistory({ background: this.#background });
    this.#restored = false;
    this.#emitter.emit("ready", undefined);
    this.#emitHistoryChange();
  }

  /**
   * Paints a saved drawing (a backup restored on reload) as it is, not mirrored, as the history's base (not
   * undoable; Clear brings back the mirrored background). Call after setBackground; emits 'historychange', not
   * 'change' (it is the saved picture). False, painting nothing, before setBackground or for an unusable image.
   */
  restoreDrawing(image: CanvasImageSource): boolean {
    if (!this.isReady) return false;
    const usable = usableImage(image, this.#canvas.ownerDocument, "restored drawing");
    if (usable === null) return false;
    this.#pointer.abandonStroke();
    this.#live.drop();
    this.#surface.paintDrawing(usable);
    // A copy: the caller may release `image` (an ImageBitmap's close) as soon as this returns.
    this.#resetHistory(this.#surface.snapshot());
    this.#restored = true;
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

  /** What a press on the canvas does from now on: draw a stroke, or report a 'tap' for another tool. */
  setInputMode(mode: InputMode): void {
    if (mode !== this.#inputMode) this.#pointer.endStroke();
    this.#inputMode = mode;
  }

  /**
   * Paints a tool's finished work (a caption, a sticker, a fill) and records it: one undo takes exactly it
   * away, redo paints it again with the same calls. Ignored before setBackground.
   */
  apply(action: ToolAction): void {
    if (this.#history === null) return;
    this.#pointer.endStroke();
    this.#surface.paintAction(action);
    this.#commit(action);
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

  /** True while the picture is the first display (nothing drawn since it, or since Clear); a restore is not. */
  get isUntouched(): boolean {
    if (this.#history === null) return true;
    const current = this.#history.currentAction;
    return current === null ? !this.#restored : current.kind === "clear";
  }

  /** Whether a tool's action applied earlier is on the picture now (not undone, not cleared away). */
  readonly shows = (action: ToolAction): boolean => this.#history?.holds(action) ?? false;
  /** True while a stroke is being drawn (pressed, not yet released or cancelled). */
  get isDrawing(): boolean {
    return this.#pointer.isDrawing;
  }

  /** True once setBackground has painted the first display. */
  get isReady(): boolean {
    return this.#history !== null;
  }

  /** Exactly 600x600 PNG of the drawing. */
  toBlob(): Promise<Blob> {
    return this.#surface.toBlob();
  }

  /** An exact copy of the drawing's pixels, nothing encoded: all 600 x 600, or the rectangle given. */
  toImageBitmap(x?: number, y?: number, width?: number, height?: number): Promise<ImageBitmap> {
    return this.#surface.toImageBitmap(x, y, width, height);
  }

  /** Pixels of the drawing: all 600 x 600, or the rectangle given in drawing pixels. */
  getImageData(x?: number, y?: number, width?: number, height?: number): ImageData {
    return this.#surface.getImageData(x, y, width, height);
  }

  /** Adds a listener; returns a function that removes it. */
  on<E extends EngineEventName>(event: E, listener: EngineListener<E>): () => void {
    return this.#emitter.on(event, listener);
  }

  /** Removes every listener the engine added and releases its checkpoints. The picture stays on screen. */
  destroy(): void {
    this.#pointer.destroy();
    this.#stopWatchingRatio();
    this.#emitter.clear();
    this.#history?.dispose();
    this.#history = null;
    this.#surface.dropSpares();
    this.#live.drop();
    this.#canvas.style.touchAction = this.#previousTouchAction;
  }

  /** A press: a stroke in "draw" mode (returns true), otherwise a 'tap' for the host's tool. */
  #press(point: Point, pointerType: string): boolean {
    if (this.#inputMode === "tap") {
      this.#emitter.emit("tap", { point, pointerType });
      return false;
    }
    this.#live.start(this.#style, point);
    this.#emitter.emit("strokestart", undefined);
    return true;
  }

  /** Takes the live stroke off the picture without recording it: the last state is shown again. */
  #cancelStroke(): void {
    if (this.#live.drop() && this.#history) this.#surface.replay(this.#history.current(), this.#background);
  }

  #endStroke(point: Point | null): void {
    const stroke = this.#live.finish(point);
    if (stroke !== null) this.#commit({ kind: "stroke", stroke });
  }

  #commit(action: Action): void {
    this.#history?.record(action, () => this.#surface.snapshot());
    // A stroke is told as itself (the backup's worker draws it again); anything else may have changed it all.
    this.#emitter.emit("change", action.kind === "stroke" ? action.stroke : null);
    this.#emitHistoryChange();
  }

  /** Brings a history state on screen and tells the host. */
  #show(plan: RestorePlan<Checkpoint> | null): boolean {
    if (plan === null) return false;
    this.#surface.replay(plan, this.#background);
    this.#emitter.emit("change", null);
    this.#emitHistoryChange();
    return true;
  }

  #resetHistory(base: Checkpoint): void {
    this.#history?.dispose();
    const surface = this.#surface;
    this.#history = new History<Checkpoint>(base, { dispose: (checkpoint) => surface.release(checkpoint) });
  }

  #emitHistoryChange(): void {
    this.#emitter.emit("historychange", { canUndo: this.canUndo, canRedo: this.canRedo });
  }
}
