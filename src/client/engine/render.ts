import { BACKGROUND_COLOUR, CANVAS_SIZE, ERASER_COLOUR } from "../../common/constants.ts";
import type { Segment } from "./smoothing.ts";
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

/** Draws one segment as its own path (a dot is a filled disc as wide as the brush). */
function drawSegment(context: StrokeContext, segment: Segment, width: number): void {
  context.beginPath();
  switch (segment.kind) {
    case "dot":
      context.arc(segment.at.x, segment.at.y, width / 2, 0, Math.PI * 2);
      context.fill();
      return;
    case "line":
      context.moveTo(segment.from.x, segment.from.y);
      context.lineTo(segment.to.x, segment.to.y);
      context.stroke();
      return;
    case "curve":
      context.moveTo(segment.from.x, segment.from.y);
      context.quadraticCurveTo(segment.control.x, segment.control.y, segment.to.x, segment.to.y);
      context.stroke();
      return;
  }
}

/** Draws `segments` in order with `style`; a pen segment's `scale` sets its own width. */
export function drawSegments(context: StrokeContext, style: StrokeStyle, segments: readonly Segment[]): void {
  if (segments.length === 0) return;
  applyStrokeStyle(context, style);
  let rescaled = false;
  for (const segment of segments) {
    const width = style.width * (segment.scale ?? 1);
    if (segment.scale !== undefined) {
      context.lineWidth = width;
      rescaled = true;
    }
    drawSegment(context, segment, width);
  }
  // Put back the width the cached style says the context has.
  if (rescaled) context.lineWidth = style.width;
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
