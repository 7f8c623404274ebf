import { CANVAS_SIZE } from "../../common/constants.ts";
import type { RestorePlan } from "./history.ts";
import { backingStoreSize } from "./pixel-ratio.ts";
import {
  copyPixels,
  drawSegments,
  forgetAppliedStyle,
  paintBackground,
  paintDrawing,
  paintToolAction,
} from "./render.ts";
import { type Segment, strokeSegments } from "./smoothing.ts";
import type { StrokeStyle, ToolAction } from "./types.ts";

/** A copy of the picture for the history: the 600 x 600 document and, at pixel ratio != 1, the display. */
export interface Snapshot {
  readonly document: HTMLCanvasElement;
  readonly display: HTMLCanvasElement | null;
  /** Backing-store side of `display` when it was taken. */
  readonly displaySize: number;
}

/** Spare canvases kept for reuse: one snapshot's worth (document + display at pixel ratio != 1). */
const MAX_SPARES = 2;

/** Frees a canvas's backing store now rather than at the next garbage collection. */
function freeCanvas(canvas: HTMLCanvasElement): void {
  canvas.width = 0;
  canvas.height = 0;
}

function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("Fanvas needs a 2D canvas context, and this browser gave none.");
  return context;
}

/**
 * Where the pixels live. At pixel ratio 1 the on-screen canvas is the 600 x 600 document itself; otherwise
 * the on-screen canvas is 600 x ratio square (crisp on hi-DPI) and an offscreen 600 x 600 document canvas,
 * drawn with the same calls, is what export reads. Every drawing call goes to both.
 *
 * A ratio change (browser zoom, moving to another screen) re-renders the display by resampling the document:
 * earlier work is as sharp as 600 px allows, later strokes are crisp. Replaying strokes instead is impossible
 * past the history's base checkpoint, and rare enough not to be worth a second code path.
 */
export class Surface {
  readonly display: HTMLCanvasElement;
  readonly #displayContext: CanvasRenderingContext2D;
  #document: HTMLCanvasElement | null = null;
  #documentContext: CanvasRenderingContext2D | null = null;
  /**
   * Canvases of released snapshots, kept for the next snapshot (at most one snapshot's worth). Copying into
   * a fresh canvas cost about 1.5 ms (allocating its backing store and context on first draw); into a
   * reused one about 0.06 ms, and a checkpoint is taken every K strokes, at the pointerup that ends one.
   */
  #spares: HTMLCanvasElement[] = [];

  /**
   * Sizes the canvases and leaves them blank (transparent): the first display is painted by paintBackground,
   * and until then the page's mascot image under the canvas shows through, with no white frame between them
   * and no pixels to copy or composite twice.
   */
  constructor(display: HTMLCanvasElement, pixelRatio: number) {
    this.display = display;
    this.#displayContext = context2d(display);
    this.#resizeDisplay(backingStoreSize(pixelRatio));
    if (this.display.width !== CANVAS_SIZE) this.#createDocument(false);
  }

  /** The 600 x 600 canvas that holds the drawing (export reads it). */
  get documentCanvas(): HTMLCanvasElement {
    return this.#document ?? this.display;
  }

  /** Device pixels per drawing pixel of the display. */
  get pixelRatio(): number {
    return this.display.width / CANVAS_SIZE;
  }

  /** Draws stroke segments on the document and the display. */
  drawSegments(style: StrokeStyle, segments: readonly Segment[]): void {
    for (const context of this.#contexts()) drawSegments(context, style, segments);
  }

  /** Paints a tool's action (caption, sticker, fill) on the document and the display. */
  paintAction(action: ToolAction): void {
    for (const context of this.#contexts()) paintToolAction(context, action);
  }

  /**
   * Shows a history state: one checkpoint restore, then each replayed action painted with the calls it was
   * first painted with (`background` is what a clear paints).
   */
  replay(plan: RestorePlan<Snapshot>, background: CanvasImageSource | null): void {
    if (plan.restore !== null) this.restore(plan.restore);
    for (const action of plan.replay) {
      switch (action.kind) {
        case "clear":
          this.paintBackground(background);
          break;
        case "stroke":
          this.drawSegments(action.stroke.style, strokeSegments(action.stroke.points));
          break;
        default:
          this.paintAction(action);
      }
    }
  }

  /** Paints the first-display picture (white + mirrored image). */
  paintBackground(image: CanvasImageSource | null): void {
    for (const context of this.#contexts()) paintBackground(context, image);
  }

  /** Paints a restored drawing as it is. */
  paintDrawing(image: CanvasImageSource): void {
    for (const context of this.#contexts()) paintDrawing(context, image);
  }

  /** Pixels of the drawing: all 600 x 600 of them, or the rectangle given in drawing pixels. */
  getImageData(x = 0, y = 0, width = CANVAS_SIZE, height = CANVAS_SIZE): ImageData {
    return this.#documentContextOrDisplay().getImageData(x, y, width, height);
  }

  /** Exactly 600x600 PNG of the drawing. */
  toBlob(): Promise<Blob> {
    return new Promise((resolve, reject) => {
      this.documentCanvas.toBlob((blob) => {
        if (blob === null) reject(new Error("The browser could not encode the drawing as a PNG."));
        else resolve(blob);
      }, "image/png");
    });
  }

  /** Copies the picture (a GPU-side canvas copy, no read-back). */
  snapshot(): Snapshot {
    const document = this.#copyOf(this.documentCanvas);
    const display = this.#document === null ? null : this.#copyOf(this.display);
    return { document, display, displaySize: this.display.width };
  }

  /** Shows `snapshot` again, exactly (or resampled from its document if the pixel ratio changed since). */
  restore(snapshot: Snapshot): void {
    copyPixels(this.#documentContextOrDisplay(), snapshot.document);
    if (this.#document === null) return;
    const sameSize = snapshot.display !== null && snapshot.displaySize === this.display.width;
    copyPixels(
      this.#displayContext,
      sameSize && snapshot.display !== null ? snapshot.display : snapshot.document,
    );
  }

  /**
   * Takes back a snapshot the history let go of: its canvases are kept for the next snapshot (up to one
   * snapshot's worth); the rest have their memory freed now rather than at the next garbage collection.
   */
  release(snapshot: Snapshot): void {
    for (const canvas of [snapshot.document, snapshot.display]) {
      if (canvas === null) continue;
      if (this.#spares.length < MAX_SPARES) this.#spares.push(canvas);
      else freeCanvas(canvas);
    }
  }

  /** Frees the kept spare canvases (the engine is going away). */
  dropSpares(): void {
    for (const canvas of this.#spares) freeCanvas(canvas);
    this.#spares = [];
  }

  /** Follows a new device pixel ratio without losing, shifting or blurring the document. */
  setPixelRatio(pixelRatio: number): void {
    const size = backingStoreSize(pixelRatio);
    if (size === this.display.width && size === this.display.height) return;
    // Spares of the old display size would never fit again.
    this.dropSpares();
    if (this.#document === null) this.#createDocument();
    const document = this.#document as HTMLCanvasElement;
    this.#resizeDisplay(size);
    copyPixels(this.#displayContext, document);
    if (size === CANVAS_SIZE) {
      // Back to ratio 1: the display becomes the document again (an exact same-size copy).
      document.width = 0;
      this.#document = null;
      this.#documentContext = null;
    }
  }

  #contexts(): CanvasRenderingContext2D[] {
    return this.#documentContext === null
      ? [this.#displayContext]
      : [this.#documentContext, this.#displayContext];
  }

  #documentContextOrDisplay(): CanvasRenderingContext2D {
    return this.#documentContext ?? this.#displayContext;
  }

  /** The 600 x 600 document beside a display of another size, with the display's picture when `copy`. */
  #createDocument(copy = true): void {
    const document = this.display.ownerDocument.createElement("canvas");
    document.width = CANVAS_SIZE;
    document.height = CANVAS_SIZE;
    const context = context2d(document);
    if (copy) copyPixels(context, this.display);
    this.#document = document;
    this.#documentContext = context;
  }

  /** Resizing clears the bitmap and resets the context, so the drawing-space transform is set again. */
  #resizeDisplay(size: number): void {
    this.display.width = size;
    this.display.height = size;
    forgetAppliedStyle(this.#displayContext);
    const scale = size / CANVAS_SIZE;
    this.#displayContext.setTransform(scale, 0, 0, scale, 0, 0);
  }

  /** A copy of `source`, in a spare canvas of its size when there is one (copyPixels replaces every pixel). */
  #copyOf(source: HTMLCanvasElement): HTMLCanvasElement {
    const copy = this.#takeSpare(source.width, source.height) ?? this.#newCanvas(source.width, source.height);
    copyPixels(context2d(copy), source);
    return copy;
  }

  /** Setting a size, even the same one, resets a canvas: only fresh canvases get one. */
  #newCanvas(width: number, height: number): HTMLCanvasElement {
    const canvas = this.display.ownerDocument.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    return canvas;
  }

  #takeSpare(width: number, height: number): HTMLCanvasElement | null {
    const index = this.#spares.findIndex((spare) => spare.width === width && spare.height === height);
    return index === -1 ? null : (this.#spares.splice(index, 1)[0] ?? null);
  }
}
