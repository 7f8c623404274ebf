import type { DrawingDocument, Operation, StartingPicture } from "../../common/drawing-document/types.ts";
import { Emitter } from "./emitter.ts";
import type { LogState } from "./operation-log.ts";
import type { PainterTable } from "./painter.ts";
import { PAINTERS } from "./painters.ts";
import { Picture, type SavedLog } from "./picture.ts";
import { watchDevicePixelRatio } from "./pixel-ratio.ts";
import { usableImage } from "./render.ts";
import type { SharedHistory } from "./shared-history.ts";
import { StrokeInput } from "./stroke-input.ts";
import { Surface } from "./surface.ts";
import type { EngineEventName, EngineListener, InputMode, OperationContent, StrokeStyle } from "./types.ts";

export type { SavedLog } from "./picture.ts";

/** The engine's options; the page uses the defaults. */
export interface EngineOptions {
  /** Device pixels per canvas pixel of the display; default the window's devicePixelRatio (tracked). */
  readonly pixelRatio?: number;
  /** The painters of operations (default: the page's, painters.ts). */
  readonly painters?: PainterTable;
}

/**
 * The framework-free drawing engine: pointer input -> operations -> canvas. The drawing is a log of plain
 * operations (src/common/drawing-document) over a starting picture; every operation is painted by its kind's
 * painter (painters.ts), the same way when it is drawn, undone to, redone, replayed on another engine or
 * received from another person, so the same log gives the same pixels. React only constructs it, listens to
 * its events and destroys it; no event fires per pointer move.
 *
 * Finished operations are baked into the bitmap; each frame draws only the live stroke's segments kept since
 * the last one, so a move's cost does not grow with the drawing. Undo and redo move along the log over bitmap
 * checkpoints (Picture, History).
 */
export class DrawingEngine {
  readonly #canvas: HTMLCanvasElement;
  readonly #surface: Surface;
  readonly #input: StrokeInput;
  readonly #emitter = new Emitter();
  readonly #picture: Picture;
  readonly #stopWatchingRatio: () => void = () => {};
  #shared: SharedHistory | null = null;

  constructor(canvas: HTMLCanvasElement, options: EngineOptions = {}) {
    this.#canvas = canvas;
    const view = canvas.ownerDocument.defaultView;
    this.#surface = new Surface(canvas, options.pixelRatio ?? view?.devicePixelRatio ?? 1);
    this.#picture = new Picture(this.#surface, options.painters ?? PAINTERS, {
      held: () => this.#input.isDrawing,
      changed: (change) => this.#emitter.emit("change", change),
      historyChanged: () =>
        this.#emitter.emit("historychange", { canUndo: this.canUndo, canRedo: this.canRedo }),
    });
    this.#input = new StrokeInput(canvas, this.#surface, {
      canStart: () => this.isReady,
      tap: (tap) => this.#emitter.emit("tap", tap),
      started: () => this.#emitter.emit("strokestart", undefined),
      finished: (stroke, pressedAt) => this.#picture.strokeEnded(stroke, pressedAt),
      cancelled: () => this.#picture.strokeCancelled(),
    });
    if (options.pixelRatio === undefined && view !== null)
      this.#stopWatchingRatio = watchDevicePixelRatio(view, (ratio) => this.#surface.setPixelRatio(ratio));
  }

  /**
   * Paints a first display and begins a new log over it: fill white, then `image` drawn mirrored left-right
   * over the whole 600x600 (null = white only); `start` names it in the log (default: the mascot; white
   * without an image). Emits 'ready'; pointer input is ignored before the first call. An image that would taint
   * the canvas or cannot be drawn is left out with a console warning (the log then starts from white).
   */
  setBackground(image: CanvasImageSource | null, start?: StartingPicture): void {
    this.#input.abandonStroke();
    const background = usableImage(image, this.#canvas.ownerDocument, "background image");
    this.#picture.begin(background, background === null ? { kind: "white" } : (start ?? { kind: "mascot" }));
    this.#emitter.emit("ready", undefined);
    this.#emitter.emit("historychange", { canUndo: false, canRedo: false });
  }

  /**
   * Shows a saved log again (a backup restored on reload): its `picture` (or, without one, the first display,
   * which must then be its start), then its operations from the picture's index up to its position, each by its
   * painter; undo reaches down to the picture, redo up through the undone operations. Resolves true once on
   * screen (emits 'historychange', not 'change'); false, painting nothing, before setBackground, for an unusable
   * picture, when a painter cannot get what it needs (warned), or when another first display or restore began.
   */
  async restore(saved: SavedLog): Promise<boolean> {
    if (!this.isReady) return false;
    const image =
      saved.picture === null
        ? null
        : usableImage(saved.picture.image, this.#canvas.ownerDocument, "restored drawing");
    if (saved.picture !== null && image === null) return false;
    return this.#picture.restore(saved, image, () => this.#input.abandonStroke());
  }

  /**
   * Paints `document` from its start on this engine and makes it the log (a replay): the first display must be
   * its start (setBackground with the same picture). See restore for what it resolves.
   */
  load({ start, operations }: DrawingDocument): Promise<boolean> {
    const position = operations.length;
    return this.restore({ start, origin: Date.now(), operations, position, picture: null });
  }

  /** Changes the brush for the next stroke (a stroke keeps the style it started with). */
  setStyle(style: Partial<StrokeStyle>): void {
    this.#input.setStyle(style);
  }

  /** The brush the next stroke will use. */
  get style(): StrokeStyle {
    return this.#input.style;
  }

  /** The author slot this engine's own operations carry from now on (a live room gives each person one). */
  setAuthor(slot: number): void {
    this.#picture.author = slot;
  }

  /** What a press on the canvas does from now on: draw a stroke, or report a 'tap' for another tool. */
  setInputMode(mode: InputMode): void {
    this.#input.setMode(mode);
  }

  /**
   * Paints a tool's operation (a caption, a sticker, a fill, a clear) and records it with this engine's author
   * and the time now: one undo takes exactly it away. A stroke being drawn ends first. Painted at once when its
   * painter is ready (the tools see to it), otherwise as soon as it is, after whatever waits before it. Returns
   * the operation as the log keeps it (see shows); null before setBackground.
   */
  apply(content: OperationContent): Operation | null {
    if (!this.isReady) return null;
    this.#input.endStroke();
    return this.#picture.addOwn(content);
  }

  /**
   * Paints an operation made elsewhere (another person's, a log played back) as it is, in the order given,
   * once its painter has what it needs and no stroke of this engine's is being drawn. Resolves once it is in
   * the log; rejects when its painter cannot get what it needs or the picture was replaced first.
   */
  applyOperation(operation: Operation): Promise<void> {
    if (!this.isReady) return Promise.reject(new Error("The engine has no first display yet."));
    return this.#picture.add(operation);
  }

  /** Resolves once every operation applied so far is on the picture (or could not be painted). */
  settled(): Promise<void> {
    return this.#picture.settled();
  }

  /** Repaints the first display; undoable. Ignored before setBackground. */
  clear(): void {
    this.apply({ kind: "clear" });
  }

  /** Ends a stroke being drawn where it is, into the log (the page is going away with the pointer still down). */
  endStroke(): void {
    this.#input.endStroke();
  }

  /** Undoes the last operation; false when there is nothing to undo. */
  undo(): boolean {
    this.#input.endStroke();
    return this.#shared?.undo() ?? this.#picture.step(-1);
  }

  /** Redoes the last undone operation; false when there is nothing to redo. */
  redo(): boolean {
    this.#input.endStroke();
    return this.#shared?.redo() ?? this.#picture.step(1);
  }

  get canUndo(): boolean {
    return this.#shared?.canUndo ?? this.#picture.log?.canUndo ?? false;
  }

  get canRedo(): boolean {
    return this.#shared?.canRedo ?? this.#picture.log?.canRedo ?? false;
  }

  /**
   * Hands Undo and Redo to `shared` (a live room: each person takes back only their own operations, for
   * everyone) or back to the log (null); call again whenever its flags change, to tell the buttons.
   */
  shareHistory(shared: SharedHistory | null): void {
    this.#shared = shared;
    this.#emitter.emit("historychange", { canUndo: this.canUndo, canRedo: this.canRedo });
  }

  /** The drawing as data: its start and the operations that make the picture; null when its start is unknown. */
  get document(): DrawingDocument | null {
    return this.#picture.document();
  }

  /** The whole log, undone operations included, as a backup keeps it; null before setBackground. */
  get logState(): LogState | null {
    const log = this.#picture.log;
    return (
      log && { start: log.start, origin: log.origin, operations: log.operations, position: log.position }
    );
  }

  /** True while the picture is the first display (nothing drawn since it, or since Clear); a restore is not. */
  get isUntouched(): boolean {
    return this.#picture.log?.isUntouched ?? true;
  }

  /** Whether an operation applied earlier is on the picture now (not undone, not cleared away). */
  readonly shows = (operation: Operation): boolean => this.#picture.log?.shows(operation) ?? false;

  /** True while a stroke is being drawn (pressed, not yet released or cancelled). */
  get isDrawing(): boolean {
    return this.#input.isDrawing;
  }

  /** True once setBackground has painted the first display. */
  get isReady(): boolean {
    return this.#picture.log !== null;
  }

  /** Exactly 600x600 PNG of the drawing. */
  toBlob(): Promise<Blob> {
    return this.#surface.toBlob();
  }

  /** Pixels of the drawing: all 600 x 600, or the rectangle given in drawing pixels. */
  getImageData(x?: number, y?: number, width?: number, height?: number): ImageData {
    return this.#surface.getImageData(x, y, width, height);
  }

  /** The drawing as it is now, copied without a read-back: its pixels can be read later, off the main thread. */
  bitmap(): Promise<ImageBitmap> {
    return createImageBitmap(this.#surface.documentCanvas);
  }

  /** Adds a listener; returns a function that removes it. */
  on<E extends EngineEventName>(event: E, listener: EngineListener<E>): () => void {
    return this.#emitter.on(event, listener);
  }

  /** Removes every listener the engine added and releases its checkpoints. The picture stays on screen. */
  destroy(): void {
    this.#input.destroy();
    this.#stopWatchingRatio();
    this.#emitter.clear();
    this.#picture.dispose();
    this.#surface.dropSpares();
  }
}
