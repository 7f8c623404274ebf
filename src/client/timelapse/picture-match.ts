/**
 * Whether a replay's last frame is the stored picture, allowing what anti-aliasing explains: another browser or
 * device rasterises a stroke's edge, a caption's letters or a sticker's curves a little differently, a pixel or
 * two either side, but never moves or adds a shape. Pure: no DOM.
 */

/** The side of the blocks compared: a block's average absorbs edge pixels drawn a little differently. */
const BLOCK = 4;
/**
 * A block differs when one of its channels' averages differs by more than this (of 255): an edge pixel drawn a
 * shade lighter moves a block's average by a few; a one-pixel line missing across it moves it by 64.
 */
const BLOCK_TOLERANCE = 48;
/** The picture matches when at most this many blocks differ (of 22,500 at 600 x 600): a short word is 30. */
const MAX_DIFFERING_BLOCKS = 8;

/** How two pictures compare: the blocks that differ, of how many. */
export interface PictureComparison {
  readonly differingBlocks: number;
  readonly blocks: number;
  readonly matches: boolean;
}

/** Compares two RGBA pictures of the same size (width x height), block by block. */
export function comparePictures(
  replayed: Uint8ClampedArray,
  stored: Uint8ClampedArray,
  width: number,
  height: number,
): PictureComparison {
  if (replayed.length !== stored.length || replayed.length !== width * height * 4) {
    return { differingBlocks: Number.POSITIVE_INFINITY, blocks: 0, matches: false };
  }
  let differingBlocks = 0;
  let blocks = 0;
  for (let top = 0; top < height; top += BLOCK) {
    for (let left = 0; left < width; left += BLOCK) {
      blocks += 1;
      if (blockDiffers(replayed, stored, width, height, left, top)) differingBlocks += 1;
    }
  }
  return { differingBlocks, blocks, matches: differingBlocks <= MAX_DIFFERING_BLOCKS };
}

function blockDiffers(
  a: Uint8ClampedArray,
  b: Uint8ClampedArray,
  width: number,
  height: number,
  left: number,
  top: number,
): boolean {
  const sums = [0, 0, 0];
  let pixels = 0;
  for (let y = top; y < Math.min(top + BLOCK, height); y += 1) {
    for (let x = left; x < Math.min(left + BLOCK, width); x += 1) {
      const at = (y * width + x) * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        sums[channel] = (sums[channel] ?? 0) + ((a[at + channel] ?? 0) - (b[at + channel] ?? 0));
      }
      pixels += 1;
    }
  }
  return sums.some((sum) => Math.abs(sum) / pixels > BLOCK_TOLERANCE);
}
