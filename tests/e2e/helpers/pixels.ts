import { expect } from "@playwright/test";
import type { Point } from "../../../src/client/engine/types.ts";
import { CANVAS_SIZE } from "../../../src/common/constants.ts";

/** An RGBA bitmap, row-major, 4 bytes per pixel (what getImageData and sharp's raw output give). */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** compareBitmaps' answer for two bitmaps that are the same, pixel for pixel. */
export const IDENTICAL = { maxChannelDiff: 0, differingPixels: 0, firstAt: null };

/** Asserts two canvases are identical, pixel for pixel. */
export function expectSamePixels(actual: Pixels, expected: Pixels, what: string): void {
  expect(compareBitmaps(actual, expected), what).toEqual(IDENTICAL);
}

/** Red, green, blue, alpha in 0..255. */
export type Rgba = readonly [number, number, number, number];

/** Bitmap pixels per canvas unit: 1 for a 600 x 600 bitmap, 2 at devicePixelRatio 2. */
export function scaleOf(pixels: Pixels): number {
  return pixels.width / CANVAS_SIZE;
}

/** The pixel at bitmap coordinates. */
export function pixelAt(pixels: Pixels, x: number, y: number): Rgba {
  const i = (y * pixels.width + x) * 4;
  const d = pixels.data;
  return [d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0, d[i + 3] ?? 0];
}

/** The pixel under a point given in canvas units (the 600 x 600 drawing space). */
export function pixelAtCanvasPoint(pixels: Pixels, point: Point): Rgba {
  const s = scaleOf(pixels);
  return pixelAt(pixels, Math.floor(point.x * s), Math.floor(point.y * s));
}

/** "#ff7f00" -> [255, 127, 0, 255]. */
export function hexToRgba(hex: string): Rgba {
  const n = Number.parseInt(hex.replace("#", ""), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
}

/** Largest difference of any channel between two colours. */
export function colourDistance(a: Rgba, b: Rgba): number {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]), Math.abs(a[3] - b[3]));
}

/** Where two same-sized bitmaps differ most, and how many pixels differ by more than `tolerance` in any channel. */
export interface Difference {
  readonly maxChannelDiff: number;
  readonly differingPixels: number;
  /** Bitmap coordinates of the first differing pixel, for failure messages. */
  readonly firstAt: { readonly x: number; readonly y: number } | null;
}

/** Compares two bitmaps channel by channel. */
export function compareBitmaps(a: Pixels, b: Pixels, tolerance = 0): Difference {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`Bitmaps differ in size: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  }
  let maxChannelDiff = 0;
  let differingPixels = 0;
  let firstAt: Difference["firstAt"] = null;
  for (let i = 0; i < a.data.length; i += 4) {
    let pixelMax = 0;
    for (let c = 0; c < 4; c++)
      pixelMax = Math.max(pixelMax, Math.abs((a.data[i + c] ?? 0) - (b.data[i + c] ?? 0)));
    maxChannelDiff = Math.max(maxChannelDiff, pixelMax);
    if (pixelMax > tolerance) {
      differingPixels++;
      firstAt ??= { x: (i / 4) % a.width, y: Math.floor(i / 4 / a.width) };
    }
  }
  return { maxChannelDiff, differingPixels, firstAt };
}

/** Distance from a point to a polyline (all in canvas units). */
export function distanceToPath(p: Point, path: readonly Point[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < path.length; i++) {
    const a = path[i] as Point;
    const b = path[Math.min(i + 1, path.length - 1)] as Point;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const lengthSquared = dx * dx + dy * dy;
    const t =
      lengthSquared === 0
        ? 0
        : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
    best = Math.min(best, Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy)));
  }
  return best;
}

/** Pixels that changed although they lie farther than `radius` canvas units from every allowed path. */
export interface StrayChanges {
  readonly count: number;
  /** A few of them in canvas units, for failure messages. */
  readonly samples: readonly Point[];
}

/** Finds changes outside the bands around the given paths: a stroke must leave nothing there. */
export function changesOutsidePaths(
  before: Pixels,
  after: Pixels,
  paths: readonly (readonly Point[])[],
  radius: number,
): StrayChanges {
  const s = scaleOf(after);
  let count = 0;
  const samples: Point[] = [];
  for (let y = 0; y < after.height; y++) {
    for (let x = 0; x < after.width; x++) {
      if (colourDistance(pixelAt(before, x, y), pixelAt(after, x, y)) === 0) continue;
      const centre = { x: (x + 0.5) / s, y: (y + 0.5) / s };
      if (paths.some((path) => distanceToPath(centre, path) <= radius)) continue;
      count++;
      if (samples.length < 5) samples.push(centre);
    }
  }
  return { count, samples };
}

/** Evenly spaced points along a polyline, from fraction `from` to `to` of its length (ends are left out). */
export function pointsAlong(path: readonly Point[], count: number, from = 0.15, to = 0.85): Point[] {
  const lengths = path
    .slice(1)
    .map((p, i) => Math.hypot(p.x - (path[i] as Point).x, p.y - (path[i] as Point).y));
  const total = lengths.reduce((sum, l) => sum + l, 0);
  const points: Point[] = [];
  for (let k = 0; k < count; k++) {
    let target = total * (from + ((to - from) * k) / Math.max(1, count - 1));
    for (let i = 0; i < lengths.length; i++) {
      const l = lengths[i] as number;
      if (target <= l || i === lengths.length - 1) {
        const a = path[i] as Point;
        const b = path[i + 1] as Point;
        const t = l === 0 ? 0 : Math.min(1, target / l);
        points.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
        break;
      }
      target -= l;
    }
  }
  return points;
}

/**
 * How much ink a column holds across a horizontal stroke, in canvas units: the sum over the column of each pixel's
 * coverage, estimated from how far it moved from the background toward the stroke colour. Antialiased edges add
 * fractional coverage, so the sum is the stroke's width whatever sub-pixel position it was drawn at.
 */
export function inkAcross(before: Pixels, after: Pixels, canvasX: number, colour: Rgba): number {
  const s = scaleOf(after);
  const x = Math.floor(canvasX * s);
  let coverage = 0;
  for (let y = 0; y < after.height; y++) {
    const from = pixelAt(before, x, y);
    const to = pixelAt(after, x, y);
    // Use the channel with the largest contrast between background and ink; skip pixels with too little of it.
    const contrasts = [0, 1, 2].map((c) => (colour[c] ?? 0) - (from[c] ?? 0));
    const channel = contrasts.reduce(
      (best, _, c) => (Math.abs(contrasts[c] ?? 0) > Math.abs(contrasts[best] ?? 0) ? c : best),
      0,
    );
    const contrast = contrasts[channel] ?? 0;
    if (Math.abs(contrast) < 64) continue;
    coverage += Math.max(0, Math.min(1, ((to[channel] ?? 0) - (from[channel] ?? 0)) / contrast));
  }
  return coverage / s;
}

/** Number of pixels in one bitmap column that differ at all between two bitmaps. */
export function changedPixelsInColumn(before: Pixels, after: Pixels, canvasX: number): number {
  const x = Math.floor(canvasX * scaleOf(after));
  let changed = 0;
  for (let y = 0; y < after.height; y++) {
    if (colourDistance(pixelAt(before, x, y), pixelAt(after, x, y)) > 0) changed++;
  }
  return changed;
}

/** Median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Whether the pixel at byte `index` is within a few levels of `rgb` in each channel. */
export function isNearAt(pixels: Pixels, index: number, rgb: readonly [number, number, number]): boolean {
  return [0, 1, 2].every((c) => Math.abs((pixels.data[index + c] ?? 0) - (rgb[c] ?? 0)) <= 8);
}

/** How many pixels are within a few levels of `rgb` (the palette's pure colours). */
export function countNear(pixels: Pixels, rgb: readonly [number, number, number]): number {
  let count = 0;
  for (let index = 0; index < pixels.data.length; index += 4) if (isNearAt(pixels, index, rgb)) count += 1;
  return count;
}
