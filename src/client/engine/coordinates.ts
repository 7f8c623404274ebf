import { CANVAS_SIZE } from "../../common/constants.ts";
import type { Point } from "./types.ts";

/** A rectangle in CSS pixels of the viewport, as getBoundingClientRect gives it. */
export interface ClientRect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** Border plus padding on each side of the canvas element, in CSS pixels. */
export interface BoxInsets {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** No border, no padding. */
const NO_INSETS: BoxInsets = { left: 0, top: 0, right: 0, bottom: 0 };

/**
 * The area the bitmap is actually shown in: the element's border box minus border and padding. A page that
 * styles the canvas with a border must not shift strokes away from the pointer.
 */
export function contentBox(rect: ClientRect, insets: BoxInsets = NO_INSETS): ClientRect {
  return {
    left: rect.left + insets.left,
    top: rect.top + insets.top,
    width: Math.max(0, rect.width - insets.left - insets.right),
    height: Math.max(0, rect.height - insets.top - insets.bottom),
  };
}

/**
 * Maps a pointer position (viewport CSS pixels) to the drawing's space (0..`size` on both axes), whatever
 * size the page displays the canvas at. Not clamped: a point just outside is drawn clipped, as it should be.
 */
export function toCanvasPoint(
  clientX: number,
  clientY: number,
  box: ClientRect,
  size: number = CANVAS_SIZE,
): Point {
  return {
    x: (clientX - box.left) * canvasScale(box.width, size),
    y: (clientY - box.top) * canvasScale(box.height, size),
  };
}

/**
 * Drawing pixels per CSS pixel along a side of the box `length` CSS pixels long. A zero-sized box (hidden
 * canvas) would divide by zero; everything maps to the origin instead.
 */
export function canvasScale(length: number, size: number = CANVAS_SIZE): number {
  return length > 0 ? size / length : 0;
}

/**
 * Whether a drawing-space point lies off the 600 x 600 drawing (a pixel's left and top edges belong to it, its
 * right and bottom edges to the next): where a stroke ends as pointerleave would end it, where a fill does nothing.
 */
export function isOutsideCanvas(point: Point): boolean {
  return isOutsideCanvasAt(point.x, point.y);
}

/** isOutsideCanvas of the point (x, y), without one. */
export function isOutsideCanvasAt(x: number, y: number): boolean {
  return x < 0 || y < 0 || x >= CANVAS_SIZE || y >= CANVAS_SIZE;
}

/**
 * Where something centred at `centre`, reaching `half` either way along one axis, lies whole on the drawing:
 * `centre` itself, or moved in only as far as it takes. Larger than the drawing, it is centred on it.
 */
export function keepOnDrawing(centre: number, half: number): number {
  if (half >= CANVAS_SIZE / 2) return CANVAS_SIZE / 2;
  return Math.min(Math.max(centre, half), CANVAS_SIZE - half);
}
