/**
 * Colours as canvas pixels hold them: one 32-bit value per pixel of a Uint32Array over ImageData's bytes.
 * Every browser Fanvas runs in is little-endian, so a value reads 0xAABBGGRR.
 */

/** #rrggbb (or #rgb) to an opaque packed pixel. */
export function packHex(hex: string): number {
  const digits = hex.replace("#", "");
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join("") : digits;
  const value = Number.parseInt(full, 16);
  const red = (value >> 16) & 255;
  const green = (value >> 8) & 255;
  const blue = value & 255;
  return packRgb(red, green, blue);
}

/** An opaque packed pixel from its channels (0..255 each). */
export function packRgb(red: number, green: number, blue: number): number {
  return ((255 << 24) | (blue << 16) | (green << 8) | red) >>> 0;
}

/** The red, green, blue and alpha channels of a packed pixel. */
export function channels(pixel: number): [number, number, number, number] {
  return [pixel & 255, (pixel >>> 8) & 255, (pixel >>> 16) & 255, pixel >>> 24];
}

/** The largest difference of any one channel (alpha included) between two packed pixels, 0..255. */
export function channelDistance(a: number, b: number): number {
  const red = Math.abs((a & 255) - (b & 255));
  const green = Math.abs(((a >>> 8) & 255) - ((b >>> 8) & 255));
  const blue = Math.abs(((a >>> 16) & 255) - ((b >>> 16) & 255));
  const alpha = Math.abs((a >>> 24) - (b >>> 24));
  return Math.max(red, green, blue, alpha);
}
