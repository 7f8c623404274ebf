import { channelDistance } from "../packed-colour.ts";
import { blendEdges } from "./fill-edges.ts";

/** A picture as packed pixels (see packed-colour.ts), row by row. */
export interface PackedImage {
  readonly pixels: Uint32Array;
  readonly width: number;
  readonly height: number;
}

/**
 * How far (largest channel difference, 0..255) a pixel may be from the clicked colour and still be filled.
 * Enough to take in the faint outer fringe of anti-aliased strokes (coverage under about a fifth), so the
 * fill reaches into their seams; the rest of the fringe is blended (fill-edges.ts), never left light.
 */
export const DEFAULT_FILL_TOLERANCE = 48;

/**
 * Flood-fills the 4-connected region around (x, y) whose pixels are within `tolerance` of the colour there,
 * with `fill` (packed, opaque). Returns the layer to paint over the picture: 0 where nothing changes, the
 * new packed colour elsewhere — `fill` inside the region and, on the pixels just outside it (the strokes'
 * anti-aliased edges), the edge pixel with the clicked colour swapped for `fill`, so no light halo remains.
 *
 * Scanline: each popped seed is widened left and right into a span, and the rows above and below the span
 * push one seed per run of fillable pixels; the rejected neighbours met on the way are the edge pixels.
 * Out-of-range seeds give an empty layer.
 */
export function floodFill(
  image: PackedImage,
  x: number,
  y: number,
  fill: number,
  tolerance: number,
): Uint32Array {
  const { layer, edges, target } = fillRegion(image, x, y, fill, tolerance);
  blendEdges(image, layer, edges, target, fill);
  return layer;
}

/** What the scanline pass finds: the region painted `fill` in `layer`, and the rejected neighbours. */
export interface FilledRegion {
  readonly layer: Uint32Array;
  /** Indices of the pixels 4-adjacent to the region but outside it (duplicates possible). */
  readonly edges: readonly number[];
  /** The clicked pixel's colour. */
  readonly target: number;
}

/** The scanline pass of floodFill, before the edges are blended. */
export function fillRegion(
  image: PackedImage,
  x: number,
  y: number,
  fill: number,
  tolerance: number,
): FilledRegion {
  const { pixels, width, height } = image;
  const layer = new Uint32Array(pixels.length);
  if (!(x >= 0 && y >= 0 && x < width && y < height)) return { layer, edges: [], target: 0 };
  const seedIndex = Math.floor(y) * width + Math.floor(x);
  const target = pixels[seedIndex] as number;
  const inside = (index: number): boolean => {
    const pixel = pixels[index] as number;
    return pixel === target || channelDistance(pixel, target) <= tolerance;
  };
  const edges: number[] = [];
  const stack: number[] = [seedIndex];
  for (let seed = stack.pop(); seed !== undefined; seed = stack.pop()) {
    if (layer[seed] !== 0) continue;
    const rowStart = seed - (seed % width);
    const rowEnd = rowStart + width - 1;
    let left = seed;
    while (left > rowStart && layer[left - 1] === 0 && inside(left - 1)) left--;
    let right = seed;
    while (right < rowEnd && layer[right + 1] === 0 && inside(right + 1)) right++;
    if (left > rowStart && layer[left - 1] === 0) edges.push(left - 1);
    if (right < rowEnd && layer[right + 1] === 0) edges.push(right + 1);
    layer.fill(fill, left, right + 1);
    if (rowStart > 0) scanNeighbourRow(left - width, right - width, layer, inside, stack, edges);
    if (rowEnd < pixels.length - 1)
      scanNeighbourRow(left + width, right + width, layer, inside, stack, edges);
  }
  return { layer, edges, target };
}

/** Pushes one seed per run of unfilled fillable pixels in [from, to]; collects the rejected ones as edges. */
function scanNeighbourRow(
  from: number,
  to: number,
  layer: Uint32Array,
  inside: (index: number) => boolean,
  stack: number[],
  edges: number[],
): void {
  let inRun = false;
  for (let index = from; index <= to; index++) {
    if (layer[index] !== 0) {
      inRun = false;
    } else if (inside(index)) {
      if (!inRun) stack.push(index);
      inRun = true;
    } else {
      edges.push(index);
      inRun = false;
    }
  }
}
