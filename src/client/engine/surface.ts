import { CANVAS_SIZE } from "../../common/constants.ts";
import type { Operation } from "../../common/drawing-document/types.ts";
import { CanvasPool, type Checkpoint, context2d, isSnapshot, type Snapshot } from "./checkpoints.ts";
import type { Painter, PaintSource } from "./painter.ts";
import { backingStoreSize } from "./pixel-ratio.ts";
import { copyPixels, drawStroke, forgetAppliedStyle, paintBackground, paintDrawing } from "./render.ts";
import type { PointColumns } from "./smoothing.ts";
import type { StrokeStyle } from "./types.ts";

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
  /**
   * The contexts every drawing call goes to: the document's (when apart from the display) then the display's.
   * Kept, not rebuilt per call, as strokes draw per pointer move.
   */
  #drawnContexts: readonly CanvasRenderingContext2D[];
  readonly #pool: CanvasPool;

  /**
   * Sizes the canvases and leaves them blank (transparent): the first display is painted by paintBackground,
   * and until then the page's mascot image under the canvas shows through, with no white frame between them
   * and no pixels to copy or composite twice.
   */
  constructor(display: HTMLCanvasElement, pixelRatio: number) {
    this.display = display;
    this.#displayContext = context2d(display);
    this.#drawnContexts = [this.#displayContext];
    this.#pool = new CanvasPool(display.ownerDocument);
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

  /** Draws the segments of `points` from index `from` up to `to` (see render.drawStroke) on the document and the display. */
  drawStroke(style: StrokeStyle, points: PointColumns, from: number, to: number): void {
    const contexts = this.#drawnContexts;
    for (let index = 0; index < contexts.length; index++)
      drawStroke(contexts[index] as CanvasRenderingContext2D, style, points, from, to);
  }

  /** Paints `operation` with its painter on the document, then the display. */
  paint<O extends Operation>(painter: Painter<O>, operation: O, source: PaintSource): void {
    for (const context of this.#drawnContexts) painter.paint(context, operation, source);
  }

  /** Paints the first-display picture (white + mirrored image). */
  paintBackground(image: CanvasImageSource | null): void {
    for (const context of this.#drawnContexts) paintBackground(context, image);
  }

  /** Paints a restored drawing as it is. */
  paintDrawing(image: CanvasImageSource): void {
    for (const context of this.#drawnContexts) paintDrawing(context, image);
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
    const document = this.#pool.copyOf(this.documentCanvas);
    const display = this.#document === null ? null : this.#pool.copyOf(this.display);
    return { document, display, displaySize: this.display.width };
  }

  /** Shows a checkpoint again, exactly (a copy is resampled from its document if the pixel ratio changed since). */
  restore(checkpoint: Checkpoint): void {
    if (!isSnapshot(checkpoint)) {
      this.paintBackground(checkpoint.background);
      return;
    }
    const snapshot = checkpoint;
    copyPixels(this.#documentContextOrDisplay(), snapshot.document);
    if (this.#document === null) return;
    const sameSize = snapshot.display !== null && snapshot.displaySize === this.display.width;
    copyPixels(
      this.#displayContext,
      sameSize && snapshot.display !== null ? snapshot.display : snapshot.document,
    );
  }

  /** Takes back a checkpoint the history let go of (see CanvasPool.release). */
  release(checkpoint: Checkpoint): void {
    this.#pool.release(checkpoint);
  }

  /** Frees the kept spare canvases (the engine is going away). */
  dropSpares(): void {
    this.#pool.drop();
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
      this.#drawnContexts = [this.#displayContext];
    }
  }

  /** Where the 600 x 600 picture is: the document when there is one, the first of the drawn contexts. */
  #documentContextOrDisplay(): CanvasRenderingContext2D {
    return this.#drawnContexts[0] ?? this.#displayContext;
  }

  /** The 600 x 600 document beside a display of another size, with the display's picture when `copy`. */
  #createDocument(copy = true): void {
    const document = this.display.ownerDocument.createElement("canvas");
    document.width = CANVAS_SIZE;
    document.height = CANVAS_SIZE;
    const context = context2d(document);
    if (copy) copyPixels(context, this.display);
    this.#document = document;
    this.#drawnContexts = [context, this.#displayContext];
  }

  /** Resizing clears the bitmap and resets the context, so the drawing-space transform is set again. */
  #resizeDisplay(size: number): void {
    this.display.width = size;
    this.display.height = size;
    forgetAppliedStyle(this.#displayContext);
    const scale = size / CANVAS_SIZE;
    this.#displayContext.setTransform(scale, 0, 0, scale, 0, 0);
  }
}
