/**
 * Colours as canvas pixels hold them: one 32-bit value per pixel of a Uint32Array over ImageData's bytes.
 * Every browser Fanvas runs in is little-endian, so a value reads 0xAABBGGRR.
 */

/** An opaque picture as packed pixels, row by row. */
export interface PackedImage {
  readonly pixels: Uint32Array;
  readonly width: number;
  readonly height: number;
}

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
