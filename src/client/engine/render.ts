import { BACKGROUND_COLOUR, CANVAS_SIZE, ERASER_COLOUR } from "../../common/constants.ts";
import { emitSegment, type PointColumns, type SegmentSink } from "./smoothing.ts";
import type { StrokeStyle } from "./types.ts";

/**
 * Canvas calls, and nothing else. Every function draws in the 600 x 600 drawing space (the caller's
 * transform maps it to device pixels) and sets all the state it depends on, so the same calls give the same
 * pixels whatever was drawn before — the basis of live/replay determinism.
 */

/** The paint colour of a style: the eraser paints the background colour, as the spec says. */
function paintColour(style: StrokeStyle): string {
  return style.eraser ? ERASER_COLOUR : style.colour;
}

/** A 2D context strokes are drawn on: the page's canvas, or the backup worker's copy (backup-mirror.ts). */
export type StrokeContext = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/**
 * The style last applied to each context. A live stroke draws one segment per pointer move with the same
 * style object; setting seven properties (and parsing a colour) each time was a measurable share of the
 * per-move cost. Every other function here leaves the context's state as it found it (save/restore), so
 * the cache stays true until `forgetAppliedStyle` is called after something that resets the context.
 */
const appliedStyles = new WeakMap<StrokeContext, StrokeStyle>();

/** Call after anything that resets a context's state (resizing its canvas) or changes it without restore. */
export function forgetAppliedStyle(context: StrokeContext): void {
  appliedStyles.delete(context);
}

/** Sets the brush: colour, width, round caps and joins, plain painting. */
function applyStrokeStyle(context: StrokeContext, style: StrokeStyle): void {
  if (appliedStyles.get(context) === style) return;
  appliedStyles.set(context, style);
  const colour = paintColour(style);
  context.globalAlpha = 1;
  context.globalCompositeOperation = "source-over";
  context.strokeStyle = colour;
  context.fillStyle = colour;
  context.lineWidth = style.width;
  context.lineCap = "round";
  context.lineJoin = "round";
}

/**
 * Draws each segment it is given as its own path on `context` with the brush `width` (a pen's segment scales
 * it): a dot is a filled disc as wide as the brush. One pen serves every stroke drawn, so a pointer move
 * allocates nothing; `rescaled` says whether a segment left another width on the context.
 */
class CanvasPen implements SegmentSink {
  context: StrokeContext | null = null;
  width = 1;
  rescaled = false;

  dot(x: number, y: number, scale: number | undefined): void {
    const context = this.#begin(scale);
    context.arc(x, y, (scale === undefined ? this.width : this.width * scale) / 2, 0, Math.PI * 2);
    context.fill();
  }

  line(x0: number, y0: number, x1: number, y1: number, scale: number | undefined): void {
    const context = this.#begin(scale);
    context.moveTo(x0, y0);
    context.lineTo(x1, y1);
    context.stroke();
  }

  readonly curve: SegmentSink["curve"] = (x0, y0, cx, cy, x1, y1, scale) => {
    const context = this.#begin(scale);
    context.moveTo(x0, y0);
    context.quadraticCurveTo(cx, cy, x1, y1);
    context.stroke();
  };

  #begin(scale: number | undefined): StrokeContext {
    const context = this.context as StrokeContext;
    if (scale !== undefined) {
      context.lineWidth = this.width * scale;
      this.rescaled = true;
    }
    context.beginPath();
    return context;
  }
}

const pen = new CanvasPen();

/**
 * Draws the segments of `points` from index `from` up to (not including) `to` with `style` (see emitSegment):
 * a live stroke its newest point's, a replay all of a finished stroke's, with the same calls.
 */
export function drawStroke(
  context: StrokeContext,
  style: StrokeStyle,
  points: PointColumns,
  from: number,
  to: number,
): void {
  if (from >= to) return;
  applyStrokeStyle(context, style);
  pen.context = context;
  pen.width = style.width;
  pen.rescaled = false;
  for (let index = from; index < to; index++) emitSegment(points, index, pen);
  pen.context = null;
  // Put back the width the cached style says the context has.
  if (pen.rescaled) context.lineWidth = style.width;
}

/** The first-display picture: white, then `image` (if any) mirrored left-right over the whole canvas. */
export function paintBackground(context: CanvasRenderingContext2D, image: CanvasImageSource | null): void {
  context.save();
  context.globalAlpha = 1;
  context.globalCompositeOperation = "source-over";
  context.fillStyle = BACKGROUND_COLOUR;
  context.fillRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
  if (image !== null) {
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = "high";
    context.translate(CANVAS_SIZE, 0);
    context.scale(-1, 1);
    context.drawImage(image, 0, 0, CANVAS_SIZE, CANVAS_SIZE);
  }
  context.restore();
}

/** Paints `image` as it is (not mirrored) over the whole canvas, on white: a restored backup of a drawing. */
export function paintDrawing(context: CanvasRenderingContext2D, image: CanvasImageSource): void {
  context.save();
  context.globalAlpha = 1;
  context.globalCompositeOperation = "source-over";
  context.fillStyle = BACKGROUND_COLOUR;
  context.fillRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(image, 0, 0, CANVAS_SIZE, CANVAS_SIZE);
  context.restore();
}

/**
 * Replaces every pixel of `context`'s canvas with `source` scaled to fit, ignoring the current transform.
 * Same-size copies are exact (no resampling), which is what makes a restored checkpoint byte-identical.
 */
export function copyPixels(context: CanvasRenderingContext2D, source: CanvasImageSource): void {
  const { width, height } = context.canvas;
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalAlpha = 1;
  context.globalCompositeOperation = "copy";
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(source, 0, 0, width, height);
  context.restore();
}

/**
 * Why `image` cannot be painted and exported, or null when it can: a cross-origin image without CORS would
 * taint the canvas for good (no more toBlob), and a broken image throws. Probed on a 1 x 1 scratch canvas.
 */
function unusableImageReason(image: CanvasImageSource, ownerDocument: Document): string | null {
  const probe = ownerDocument.createElement("canvas");
  probe.width = 1;
  probe.height = 1;
  const context = probe.getContext("2d");
  if (context === null) return null;
  try {
    context.drawImage(image, 0, 0, 1, 1);
    context.getImageData(0, 0, 1, 1);
    return null;
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
}

/**
 * `image` when it can be painted and exported; otherwise null, with a console warning naming `what`, so the
 * page goes on with white instead of a canvas that can no longer be saved.
 */
export function usableImage(
  image: CanvasImageSource | null,
  ownerDocument: Document,
  what: string,
): CanvasImageSource | null {
  if (image === null) return null;
  // An image loaded in CORS mode either arrived CORS-approved or failed to load: it cannot taint the canvas,
  // so the probe (a synchronous draw and read-back) is not needed.
  const ImageElement = ownerDocument.defaultView?.HTMLImageElement;
  if (ImageElement && image instanceof ImageElement && image.crossOrigin !== null && image.naturalWidth > 0)
    return image;
  const reason = unusableImageReason(image, ownerDocument);
  if (reason === null) return image;
  console.warn(
    `Fanvas: the ${what} cannot be drawn without breaking export (${reason}); using white instead.`,
  );
  return null;
}
