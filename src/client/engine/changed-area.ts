/**
 * Where a change touched the drawing, so a copy of it (the crash backup's mirror in its worker) can take only
 * those pixels. Pure geometry on the segments a stroke's replay draws (smoothing.ts), never on the canvas
 * calls that paint them.
 */
import { CANVAS_SIZE } from "../../common/constants.ts";
import { PRESSURE_SCALE, strokeSegments } from "./smoothing.ts";
import type { ChangedArea, PixelRect, Point, Stroke } from "./types.ts";

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
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const segment of strokeSegments(stroke.points)) {
    for (const { x, y } of Object.values(segment).filter(isPoint)) {
      left = Math.min(left, x);
      top = Math.min(top, y);
      right = Math.max(right, x);
      bottom = Math.max(bottom, y);
    }
  }
  if (left > right) return null;
  const reach = (stroke.style.width * PRESSURE_SCALE.max) / 2 + ANTI_ALIAS_MARGIN;
  return clampedRect(left - reach, top - reach, right + reach, bottom + reach);
}

/** True for a segment's points (its `kind` and `scale` are not). */
function isPoint(value: unknown): value is Point {
  return typeof value === "object" && value !== null && "x" in value && "y" in value;
}

/**
 * The area two changes touched together: the bounding rectangle of both, "all" when either is; null stands
 * for nothing changed.
 */
export function unionArea(a: ChangedArea | null, b: ChangedArea | null): ChangedArea | null {
  if (a === null) return b;
  if (b === null) return a;
  if (a === "all" || b === "all") return "all";
  const right = Math.max(a.x + a.width, b.x + b.width);
  const bottom = Math.max(a.y + a.height, b.y + b.height);
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: right - x, height: bottom - y };
}
