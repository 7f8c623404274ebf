import { CANVAS_SIZE } from "../../common/constants.ts";
import { sharp } from "./sharp.ts";

/** The wall's budget per thumbnail: at most 15 KB, read as 15,000 bytes, the stricter reading. */
export const THUMBNAIL_MAX_BYTES = 15_000;
/** Side of a thumbnail when the drawing fits the budget at that size, as nearly all do. */
export const THUMBNAIL_SIZE = 300;

/**
 * Sizes and qualities tried in order; the first result within the budget wins. Measured on 600 x 600
 * drawings: the mascot with a few strokes is about 5 KB at 300 px and quality 80; a canvas covered in
 * thin multicoloured strokes needs 200 px at quality 40 (15 KB); random noise fits at 160 px. The last
 * rung fits anything, so the budget is a guarantee, not a hope.
 */
const LADDER: readonly { readonly size: number; readonly quality: number }[] = [
  { size: THUMBNAIL_SIZE, quality: 80 },
  { size: THUMBNAIL_SIZE, quality: 65 },
  { size: THUMBNAIL_SIZE, quality: 50 },
  { size: 240, quality: 45 },
  { size: 200, quality: 40 },
  { size: 160, quality: 40 },
  { size: 120, quality: 30 },
];

/** A WebP thumbnail of a stored drawing PNG, at most THUMBNAIL_MAX_BYTES. */
export async function makeThumbnail(png: Buffer): Promise<Buffer> {
  // Decoded once; each rung only resizes and encodes.
  const { data, info } = await sharp(png, { failOn: "error", limitInputPixels: CANVAS_SIZE * CANVAS_SIZE })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  let smallest: Buffer | undefined;
  for (const { size, quality } of LADDER) {
    // No metadata is copied: sharp writes none unless asked to.
    smallest = await sharp(data, { raw }).resize(size, size).webp({ quality, effort: 4 }).toBuffer();
    if (smallest.length <= THUMBNAIL_MAX_BYTES) return smallest;
  }
  if (smallest === undefined) throw new Error("the thumbnail ladder is empty");
  return smallest;
}
