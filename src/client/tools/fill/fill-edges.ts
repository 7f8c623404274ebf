import type { PackedImage } from "../packed-colour.ts";

/** An edge pixel's alpha in the marked picture while its new colour is being decided, and after. */
const EDGE_ALPHA = 1;

/** The edge pixels' new colours while they are decided, kept between fills and grown when needed. */
let colourBuffer = new Uint32Array(4 * 1024);

/**
 * Recolours the pixels just outside a filled region (`candidates`, duplicates allowed) so the region's old
 * colour `target` is replaced by `fill` in them too. An anti-aliased edge pixel is a mix of the region's
 * colour and the stroke's: P = (1 - a) * target + a * ink. The ink is taken as the colour farthest from
 * `target` among the pixel and its 8 neighbours, `a` as P's projection onto target -> ink, and the pixel
 * becomes (1 - a) * fill + a * ink: solid ink stays as it is, and no light fringe is left between fill and
 * stroke. Each edge pixel ends with alpha EDGE_ALPHA and its new colour. Duplicates are told apart by that
 * alpha, set first (colour channels kept for the neighbours' sake); the new colours are written only when
 * all are decided, since each is decided from its neighbours' old ones. `candidates` is reordered.
 */
export function blendEdges(image: PackedImage, candidates: Int32Array, target: number, fill: number): void {
  const pixels = image.pixels;
  let count = 0;
  for (let k = 0; k < candidates.length; k++) {
    const index = candidates[k] as number;
    const pixel = pixels[index] as number;
    if (pixel >>> 24 !== 255) continue;
    pixels[index] = ((pixel & 0x00ffffff) | (EDGE_ALPHA << 24)) >>> 0;
    candidates[count++] = index;
  }
  if (colourBuffer.length < count) colourBuffer = new Uint32Array(Math.max(count, colourBuffer.length * 2));
  const colours = colourBuffer;
  const targetRed = target & 255;
  const targetGreen = (target >>> 8) & 255;
  const targetBlue = (target >>> 16) & 255;
  for (let k = 0; k < count; k++) {
    const index = candidates[k] as number;
    const pixel = pixels[index] as number;
    const ink = farthestNeighbour(image, index, target);
    const inkRed = (ink & 255) - targetRed;
    const inkGreen = ((ink >>> 8) & 255) - targetGreen;
    const inkBlue = ((ink >>> 16) & 255) - targetBlue;
    const span = inkRed * inkRed + inkGreen * inkGreen + inkBlue * inkBlue;
    const along =
      ((pixel & 255) - targetRed) * inkRed +
      (((pixel >>> 8) & 255) - targetGreen) * inkGreen +
      (((pixel >>> 16) & 255) - targetBlue) * inkBlue;
    const share = span === 0 ? 0 : Math.min(1, Math.max(0, along / span));
    const keep = 1 - share;
    // + 0.5 and | 0 round the non-negative mixes as Math.round would.
    const mixedRed = ((fill & 255) * keep + (ink & 255) * share + 0.5) | 0;
    const mixedGreen = (((fill >>> 8) & 255) * keep + ((ink >>> 8) & 255) * share + 0.5) | 0;
    const mixedBlue = (((fill >>> 16) & 255) * keep + ((ink >>> 16) & 255) * share + 0.5) | 0;
    colours[k] = ((EDGE_ALPHA << 24) | (mixedBlue << 16) | (mixedGreen << 8) | mixedRed) >>> 0;
  }
  for (let k = 0; k < count; k++) pixels[candidates[k] as number] = colours[k] as number;
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
