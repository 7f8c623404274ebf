import sharp from "sharp";
import { CANVAS_SIZE } from "../../../src/common/constants.ts";

const SIZE = CANVAS_SIZE;

/**
 * The RGBA pixels of drawing number `index`: white, a fixed dark stroke, and two marker pixels whose
 * places spell the index, so every index up to 360,000 gives a different image.
 */
export function drawingPixels(index: number): Buffer {
  const rgba = Buffer.alloc(SIZE * SIZE * 4, 0xff);
  const paint = (x: number, y: number, colour: readonly [number, number, number]) =>
    rgba.set(colour, (y * SIZE + x) * 4);
  for (let x = 0; x < SIZE; x += 1) {
    for (let thickness = 0; thickness < 3; thickness += 1) paint(x, (x + thickness) % SIZE, [30, 40, 200]);
  }
  paint(index % SIZE, 300, [0, 0, 0]);
  paint(Math.floor(index / SIZE) % SIZE, 301, [200, 0, 0]);
  return rgba;
}

/** Drawing number `index` as a canvas would upload it: an RGBA PNG. */
export function drawingUpload(index: number): Promise<Buffer> {
  return sharp(drawingPixels(index), { raw: { width: SIZE, height: SIZE, channels: 4 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Uploads 0 .. count-1, encoded a few at a time on sharp's thread pool. */
export async function drawingUploads(count: number): Promise<Buffer[]> {
  const uploads: Buffer[] = [];
  for (let start = 0; start < count; start += 64) {
    const batch = Array.from({ length: Math.min(64, count - start) }, (_, offset) =>
      drawingUpload(start + offset),
    );
    uploads.push(...(await Promise.all(batch)));
  }
  return uploads;
}
