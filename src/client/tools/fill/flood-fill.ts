import type { PackedImage } from "../packed-colour.ts";
import { blendEdges } from "./fill-edges.ts";
import { markRegion } from "./span-scan.ts";

/**
 * How far (largest channel difference, 0..255) a pixel may be from the clicked colour and still be filled.
 * An anti-aliased edge needs only its faintest pixels taken in (coverage under about 3%, a step no eye sees,
 * and the noise of 1 or 2 some browsers add to pixels read back): the two pixels of the fringe beyond the
 * region are blended (fill-edges.ts), so the fringe never stays light. Anything more joins parts drawn in
 * neighbouring flat colours: the default mascot's belly, body and white differ by 16 to 34 in a channel, and
 * a tolerance of 48 filled all three at once. Kleki's default (51 of 255) and Krita's (8%) reach further;
 * JS Paint's (1) blends nothing and leaves the fringe light.
 */
export const DEFAULT_FILL_TOLERANCE = 8;

/**
 * Flood-fills the 4-connected region around (x, y) whose pixels are within `tolerance` (0..254) of the colour
 * there, with `fill` (packed, opaque): the region becomes `fill`, and the pixels just outside it (the
 * strokes' anti-aliased edges, and behind them the rest of a slanted edge's fringe) have the clicked colour
 * swapped for `fill` in them (fill-edges.ts), so no light halo remains. Works in place on `image`, which
 * must be opaque (a canvas always is) and is the caller's own copy, and returns its pixels marked: the region
 * with alpha 0, the recoloured edge pixels with alpha 1 and their new colour (read them with filledColour). An out-of-range seed changes nothing. Allocates nothing that grows
 * with the picture: the scan's and the edges' buffers are kept between fills.
 */
export function floodFill(
  image: PackedImage,
  x: number,
  y: number,
  fill: number,
  tolerance: number,
): Uint32Array {
  const within = Math.min(254, tolerance);
  const { edges, target } = markRegion(image, x, y, within);
  blendEdges(image, edges, target, fill, within);
  return image.pixels;
}

/**
 * The packed colour a pixel of floodFill's result gets: `fill` for the region (alpha 0), the new colour for
 * an edge pixel (alpha 1), and 0 (nothing changes) for every other pixel.
 */
export function filledColour(marked: number, fill: number): number {
  const alpha = marked >>> 24;
  if (alpha === 0) return fill;
  return alpha === 1 ? (marked | 0xff000000) >>> 0 : 0;
}
