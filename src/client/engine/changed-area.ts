/**
 * Where a change touched the drawing, so a copy of it (the crash backup's mirror in its worker) can take only
 * those pixels. Pure geometry on the segments a stroke's replay draws (smoothing.ts), never on the canvas
 * calls that paint them.
 */
import { CANVAS_SIZE } from "../../common/constants.ts";
import { PRESSURE_SCALE, strokeSegments } from "./smoothing.ts";
import type { PixelRect, Point, Stroke } from "./types.ts";

/**
 * Pixels past a stroke's geometric edge that anti-aliasing may still tint. Chromium's rasteriser touches at
 * most the pixel the edge crosses; two leave room for any rounding in the path's flattening.
 */
export const ANTI_ALIAS_MARGIN = 2;

/** The smallest whole-pixel rectangle inside the canvas that holds [left, right) x [top, bottom). */
function clampedRect(left: number, top: number, right: number, bottom: number): PixelRect | null {
  const x = Math.max(0, Math.floor(left));
  const y = Math.max(0, Math.floor(top));
  const width = Math.min(CANVAS_SIZE, Math.ceil(right)) - x;
  const height = Math.min(CANVAS_SIZE, Math.ceil(bottom)) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

/**
 * A rectangle holding every pixel `stroke` may paint, or null when it paints none inside the canvas: the box
 * of every point that shapes its segments as the replay draws them (a dot's centre, a line's ends, a curve's
 * ends and control point; a quadratic curve lies in the triangle of those, and a control point may lie well
 * outside the stroke's own points), widened by half the widest a pen's pressure makes the brush, plus the
 * anti-aliasing margin. Computed once, when the stroke is committed.
 */
export function strokeBounds(stroke: Stroke): PixelRect | null {
  const box = {
    left: Number.POSITIVE_INFINITY,
    top: Number.POSITIVE_INFINITY,
    right: Number.NEGATIVE_INFINITY,
    bottom: Number.NEGATIVE_INFINITY,
  };
  // Field by field, no arrays: this runs at every stroke's release.
  for (const segment of strokeSegments(stroke.points, stroke.dot)) {
    if (segment.kind === "dot") include(box, segment.at);
    else include(box, segment.from);
    if (segment.kind === "curve") include(box, segment.control);
    if (segment.kind !== "dot") include(box, segment.to);
  }
  if (box.left > box.right) return null;
  const reach = (stroke.style.width * PRESSURE_SCALE.max) / 2 + ANTI_ALIAS_MARGIN;
  return clampedRect(box.left - reach, box.top - reach, box.right + reach, box.bottom + reach);
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Grows `box` to hold `point`. */
function include(box: Box, { x, y }: Point): void {
  if (x < box.left) box.left = x;
  if (x > box.right) box.right = x;
  if (y < box.top) box.top = y;
  if (y > box.bottom) box.bottom = y;
}

/** The bounding rectangle of two rectangles; null stands for no pixel. */
export function unionRect(a: PixelRect | null, b: PixelRect | null): PixelRect | null {
  if (a === null) return b;
  if (b === null) return a;
  const right = Math.max(a.x + a.width, b.x + b.width);
  const bottom = Math.max(a.y + a.height, b.y + b.height);
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: right - x, height: bottom - y };
}
