import type { PackedImage } from "../packed-colour.ts";

/** An edge pixel's alpha in the marked picture while its new colour is being decided, and after. */
const EDGE_ALPHA = 1;
/** The alpha of a pixel behind an edge pixel (farther from the region) while it is decided. */
const BEHIND_ALPHA = 2;

/**
 * How far (largest channel difference) a pixel behind the edge may be from the line between the region's
 * colour and the ink and still count as a mix of the two: 8-bit rounding of real mixes stays within a few.
 */
const MIX_RESIDUAL = 6;

/** An edge pixel's share of ink (of 255) from which what lies behind it is left as it is: 97%. */
const NEARLY_INK = 248;

/** The edge pixels' new colours while they are decided, kept between fills and grown when needed. */
let colourBuffer = new Uint32Array(4 * 1024);
/** The pixels behind the edge pixels, and the ink of the edge pixel each was found behind, kept likewise. */
let behindBuffer = new Int32Array(4 * 1024);
let behindInks = new Uint32Array(4 * 1024);
let behindColours = new Uint32Array(4 * 1024);
/**
 * Per pixel, an edge pixel's share of ink (0..255) as its colour was decided: read only at pixels that are
 * edge pixels of the fill under way, so what earlier fills left elsewhere is never read.
 */
let edgeShares = new Uint8Array(0);

/** The ink shareOf found last. */
let foundInk = 0;

/**
 * Recolours the pixels just outside a filled region (`candidates`, duplicates allowed) so the region's old
 * colour `target` is replaced by `fill` in them too. An anti-aliased edge pixel is a mix of the region's
 * colour and the stroke's: P = (1 - a) * target + a * ink. The ink is taken as the colour farthest from
 * `target` among the pixel and its 8 neighbours, `a` as P's projection onto target -> ink, and the pixel
 * becomes (1 - a) * fill + a * ink: solid ink stays as it is, and no light fringe is left between fill and
 * stroke. Each edge pixel ends with alpha EDGE_ALPHA and its new colour.
 *
 * A slanted edge's anti-aliasing spans two pixels of a row: behind a faint edge pixel lies one still partly
 * the old colour (up to about a quarter on a 45-degree edge). Such a pixel behind the edge is blended the
 * same way when it is a mix of the old colour and the ink (within MIX_RESIDUAL) with more ink than the edge
 * pixel beside it, the ramp rising towards the ink, and not itself within `tolerance` of the old colour (the
 * fill's own test). Anything else behind the edge (another colour, or the old colour again past a thin
 * line) stays as it is.
 *
 * Duplicates are told apart by alpha, set first (colour channels kept for the neighbours' sake); the new
 * colours are written only when all are decided, since each is decided from its neighbours' old ones.
 * `candidates` is reordered.
 */
export function blendEdges(
  image: PackedImage,
  candidates: Int32Array,
  target: number,
  fill: number,
  tolerance: number,
): void {
  const pixels = image.pixels;
  let count = 0;
  for (let k = 0; k < candidates.length; k++) {
    const index = candidates[k] as number;
    const pixel = pixels[index] as number;
    if (pixel >>> 24 !== 255) continue;
    pixels[index] = ((pixel & 0x00ffffff) | (EDGE_ALPHA << 24)) >>> 0;
    candidates[count++] = index;
  }
  if (edgeShares.length < pixels.length) edgeShares = new Uint8Array(pixels.length);
  if (colourBuffer.length < count) colourBuffer = new Uint32Array(Math.max(count, colourBuffer.length * 2));
  const colours = colourBuffer;
  let behindCount = 0;
  for (let k = 0; k < count; k++) {
    const index = candidates[k] as number;
    const share = shareOf(image, index, target);
    colours[k] = mixed(fill, foundInk, share);
    edgeShares[index] = share * 255 + 0.5;
    if (share * 255 < NEARLY_INK) behindCount = markBehind(image, index, foundInk, behindCount);
  }
  if (behindColours.length < behindCount)
    behindColours = new Uint32Array(Math.max(behindCount, behindColours.length * 2));
  for (let k = 0; k < behindCount; k++) {
    const index = behindBuffer[k] as number;
    const pixel = pixels[index] as number;
    behindColours[k] = ((pixel & 0x00ffffff) | 0xff000000) >>> 0;
    // Most pixels behind an outline's edge are its solid ink: the edge pixel's own ink, told at once.
    if (((pixel ^ (behindInks[k] as number)) & 0x00ffffff) === 0 || withinTolerance(pixel, target, tolerance))
      continue;
    const share = shareOf(image, index, target);
    const ink = foundInk;
    if (share >= 1 || share * 255 <= largestEdgeShare(image, index)) continue;
    if (offMix(pixel, target, ink, share) > MIX_RESIDUAL) continue;
    behindColours[k] = mixed(fill, ink, share);
  }
  for (let k = 0; k < count; k++) pixels[candidates[k] as number] = colours[k] as number;
  for (let k = 0; k < behindCount; k++) pixels[behindBuffer[k] as number] = behindColours[k] as number;
}

/** Whether a pixel's colour channels are each within `tolerance` of the target's. */
function withinTolerance(pixel: number, target: number, tolerance: number): boolean {
  return (
    Math.abs((pixel & 255) - (target & 255)) <= tolerance &&
    Math.abs(((pixel >>> 8) & 255) - ((target >>> 8) & 255)) <= tolerance &&
    Math.abs(((pixel >>> 16) & 255) - ((target >>> 16) & 255)) <= tolerance
  );
}

/**
 * Marks BEHIND_ALPHA the 4-neighbours of the edge pixel at `index` that are neither region nor edge (nor
 * marked already), listing them in behindBuffer from `behind` on with the edge pixel's `ink` in behindInks;
 * returns the new length of the list. Edge pixels not yet decided still have EDGE_ALPHA: never behind.
 */
function markBehind(image: PackedImage, index: number, ink: number, behind: number): number {
  const { pixels, width } = image;
  const column = index % width;
  let listed = behind;
  for (let side = 0; side < 4; side++) {
    if ((side === 0 && column === 0) || (side === 1 && column === width - 1)) continue;
    const neighbour = index + (side === 0 ? -1 : side === 1 ? 1 : side === 2 ? -width : width);
    if (neighbour < 0 || neighbour >= pixels.length) continue;
    const pixel = pixels[neighbour] as number;
    if (pixel >>> 24 !== 255) continue;
    pixels[neighbour] = ((pixel & 0x00ffffff) | (BEHIND_ALPHA << 24)) >>> 0;
    if (listed === behindBuffer.length) {
      const grown = new Int32Array(behindBuffer.length * 2);
      grown.set(behindBuffer);
      behindBuffer = grown;
      const grownInks = new Uint32Array(behindInks.length * 2);
      grownInks.set(behindInks);
      behindInks = grownInks;
    }
    behindInks[listed] = ink;
    behindBuffer[listed++] = neighbour;
  }
  return listed;
}

/** The largest share of ink (0..255) among the edge pixels 4-adjacent to `index`. */
function largestEdgeShare(image: PackedImage, index: number): number {
  const { pixels, width } = image;
  const column = index % width;
  let largest = 0;
  if (column > 0 && (pixels[index - 1] as number) >>> 24 === EDGE_ALPHA)
    largest = Math.max(largest, edgeShares[index - 1] as number);
  if (column < width - 1 && (pixels[index + 1] as number) >>> 24 === EDGE_ALPHA)
    largest = Math.max(largest, edgeShares[index + 1] as number);
  if (index >= width && (pixels[index - width] as number) >>> 24 === EDGE_ALPHA)
    largest = Math.max(largest, edgeShares[index - width] as number);
  if (index + width < pixels.length && (pixels[index + width] as number) >>> 24 === EDGE_ALPHA)
    largest = Math.max(largest, edgeShares[index + width] as number);
  return largest;
}

/** (1 - share) * fill + share * ink, opaque-marked as an edge pixel (alpha EDGE_ALPHA). */
function mixed(fill: number, ink: number, share: number): number {
  const keep = 1 - share;
  // + 0.5 and | 0 round the non-negative mixes as Math.round would.
  const red = ((fill & 255) * keep + (ink & 255) * share + 0.5) | 0;
  const green = (((fill >>> 8) & 255) * keep + ((ink >>> 8) & 255) * share + 0.5) | 0;
  const blue = (((fill >>> 16) & 255) * keep + ((ink >>> 16) & 255) * share + 0.5) | 0;
  return ((EDGE_ALPHA << 24) | (blue << 16) | (green << 8) | red) >>> 0;
}

/**
 * The pixel at `index` as a mix of `target` and the ink (the farthest colour from `target` among it and its
 * 8 neighbours, left in foundInk, a module variable rather than an object: this runs for every edge pixel,
 * thousands per fill): its projection onto target -> ink, 0..1.
 */
function shareOf(image: PackedImage, index: number, target: number): number {
  const pixel = image.pixels[index] as number;
  const ink = farthestNeighbour(image, index, target);
  const targetRed = target & 255;
  const targetGreen = (target >>> 8) & 255;
  const targetBlue = (target >>> 16) & 255;
  const inkRed = (ink & 255) - targetRed;
  const inkGreen = ((ink >>> 8) & 255) - targetGreen;
  const inkBlue = ((ink >>> 16) & 255) - targetBlue;
  const span = inkRed * inkRed + inkGreen * inkGreen + inkBlue * inkBlue;
  const along =
    ((pixel & 255) - targetRed) * inkRed +
    (((pixel >>> 8) & 255) - targetGreen) * inkGreen +
    (((pixel >>> 16) & 255) - targetBlue) * inkBlue;
  foundInk = ink;
  return span === 0 ? 0 : Math.min(1, Math.max(0, along / span));
}

/** The largest channel difference between `pixel` and the mix of `share` of `ink` into `target`. */
function offMix(pixel: number, target: number, ink: number, share: number): number {
  let largest = 0;
  for (let shift = 0; shift <= 16; shift += 8) {
    const from = (target >>> shift) & 255;
    const mix = from + share * (((ink >>> shift) & 255) - from);
    largest = Math.max(largest, Math.abs(((pixel >>> shift) & 255) - mix));
  }
  return largest;
}

/**
 * Of the pixel at `index` and its 8 neighbours, the one whose colour is farthest from `target`. Written out
 * without allocations or per-call set-up: it runs for every edge pixel (thousands per fill).
 */
function farthestNeighbour(image: PackedImage, index: number, target: number): number {
  const pixels = image.pixels;
  const width = image.width;
  const x = index % width;
  const y = (index - x) / width;
  const targetRed = target & 255;
  const targetGreen = (target >>> 8) & 255;
  const targetBlue = (target >>> 16) & 255;
  const top = y > 0 ? index - width : index;
  const bottom = y < image.height - 1 ? index + width : index;
  const left = x > 0 ? -1 : 0;
  const right = x < width - 1 ? 1 : 0;
  // Marked region and edge pixels keep their colour channels, which are all that is compared here.
  let best = pixels[index] as number;
  let bestDistance = -1;
  for (let row = top; row <= bottom; row += width) {
    for (let column = row + left; column <= row + right; column++) {
      const pixel = pixels[column] as number;
      const red = (pixel & 255) - targetRed;
      const green = ((pixel >>> 8) & 255) - targetGreen;
      const blue = ((pixel >>> 16) & 255) - targetBlue;
      const distance = red * red + green * green + blue * blue;
      if (distance > bestDistance) {
        best = pixel;
        bestDistance = distance;
      }
    }
  }
  return best;
}
