import sharp from "sharp";

/**
 * A real PNG of the given size: white, with a coloured diagonal stroke whose position depends on seed,
 * so two drawings made with different seeds differ in their pixels.
 */
export async function drawingPng(width = 600, height = 600, seed = 1): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3, 0xff);
  for (let x = 0; x < width; x += 1) {
    for (let thickness = 0; thickness < 3; thickness += 1) {
      const y = (x + seed * 7 + thickness) % height;
      const offset = (y * width + x) * 3;
      pixels[offset] = (seed * 40) % 256;
      pixels[offset + 1] = 0;
      pixels[offset + 2] = 0x80;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A real JPEG of the drawing size, for content-type and signature tests. */
export async function drawingJpeg(): Promise<Buffer> {
  return sharp(await drawingPng())
    .jpeg()
    .toBuffer();
}

/** The spec's JSON body: the PNG as a data URL. */
export function dataUrlBody(png: Buffer): { image_data: string } {
  return { image_data: `data:image/png;base64,${png.toString("base64")}` };
}
