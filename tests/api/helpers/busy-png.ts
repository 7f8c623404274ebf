import sharp from "sharp";

const SIZE = 600;

/**
 * A 600 x 600 drawing covered in thin multicoloured wavy strokes over a gradient: about as hard to
 * compress as a real drawing gets (seeded, so every run measures the same pixels).
 */
export async function busyDrawingPng(seed = 7): Promise<Buffer> {
  const pixels = Buffer.alloc(SIZE * SIZE * 3, 0xff);
  for (let y = 0; y < SIZE; y += 1) {
    for (let x = 0; x < SIZE; x += 1) pixels.set([255 - (y >> 2), 230, 200 + (x >> 3)], (y * SIZE + x) * 3);
  }
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  for (let stroke = 0; stroke < 120; stroke += 1) {
    const [startX, startY] = [Math.floor(random() * SIZE), Math.floor(random() * SIZE)];
    const colour = [0, 0, 0].map(() => Math.floor(random() * 256));
    const width = 1 + Math.floor(random() * 12);
    for (let step = 0; step < 400; step += 1) {
      const x = (startX + step) % SIZE;
      const y = (startY + Math.round(60 * Math.sin(step / (5 + (stroke % 20))))) % SIZE;
      for (let t = 0; t < width; t += 1)
        pixels.set(colour, ((((y + t) % SIZE) + SIZE) % SIZE) * SIZE * 3 + x * 3);
    }
  }
  return sharp(pixels, { raw: { width: SIZE, height: SIZE, channels: 3 } })
    .png()
    .toBuffer();
}

/** Random noise: the worst case for any encoder. */
export async function noisePng(): Promise<Buffer> {
  const pixels = Buffer.alloc(SIZE * SIZE * 3);
  let state = 1;
  for (let index = 0; index < pixels.length; index += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    pixels[index] = state >> 23;
  }
  return sharp(pixels, { raw: { width: SIZE, height: SIZE, channels: 3 } })
    .png()
    .toBuffer();
}
