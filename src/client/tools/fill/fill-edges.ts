import { channels, packRgb } from "../packed-colour.ts";
import type { PackedImage } from "./flood-fill.ts";

/**
 * Recolours the pixels just outside a filled region (`edges`, duplicates allowed) so the region's old colour
 * `target` is replaced by `fill` in them too. An anti-aliased edge pixel is a mix of the region's colour and
 * the stroke's: P = (1 - a) * target + a * ink. The ink is taken as the colour farthest from `target` among
 * the pixel and its 8 neighbours, `a` as P's projection onto target -> ink, and the pixel becomes
 * (1 - a) * fill + a * ink: solid ink stays as it is, and no light fringe is left between fill and stroke.
 */
export function blendEdges(
  image: PackedImage,
  layer: Uint32Array,
  edges: readonly number[],
  target: number,
  fill: number,
): void {
  const [targetRed, targetGreen, targetBlue] = channels(target);
  const [fillRed, fillGreen, fillBlue] = channels(fill);
  for (const index of edges) {
    if (layer[index] !== 0) continue;
    const [red, green, blue] = channels(image.pixels[index] as number);
    const [inkRed, inkGreen, inkBlue] = channels(farthestNeighbour(image, index, target));
    const toInk = [inkRed - targetRed, inkGreen - targetGreen, inkBlue - targetBlue] as const;
    const span = toInk[0] * toInk[0] + toInk[1] * toInk[1] + toInk[2] * toInk[2];
    const along =
      (red - targetRed) * toInk[0] + (green - targetGreen) * toInk[1] + (blue - targetBlue) * toInk[2];
    const ink = span === 0 ? 0 : Math.min(1, Math.max(0, along / span));
    const mix = (fillChannel: number, inkChannel: number) =>
      Math.round(fillChannel * (1 - ink) + inkChannel * ink);
    layer[index] = packRgb(mix(fillRed, inkRed), mix(fillGreen, inkGreen), mix(fillBlue, inkBlue));
  }
}

/** Of the pixel at `index` and its 8 neighbours, the one whose colour is farthest from `target`. */
function farthestNeighbour(image: PackedImage, index: number, target: number): number {
  const { pixels, width, height } = image;
  const x = index % width;
  const y = (index - x) / width;
  const [targetRed, targetGreen, targetBlue] = channels(target);
  let best = pixels[index] as number;
  let bestDistance = -1;
  for (let row = Math.max(0, y - 1); row <= Math.min(height - 1, y + 1); row++) {
    for (let column = Math.max(0, x - 1); column <= Math.min(width - 1, x + 1); column++) {
      const pixel = pixels[row * width + column] as number;
      const [red, green, blue] = channels(pixel);
      const distance = (red - targetRed) ** 2 + (green - targetGreen) ** 2 + (blue - targetBlue) ** 2;
      if (distance > bestDistance) {
        best = pixel;
        bestDistance = distance;
      }
    }
  }
  return best;
}
