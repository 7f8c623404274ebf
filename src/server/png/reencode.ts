import type { PngOptions } from "sharp";
import { CANVAS_SIZE } from "../../common/constants.ts";
import { sharp } from "./sharp.ts";
import { PNG_SIGNATURE } from "./validate.ts";

/**
 * The encoding tried on every drawing: no filtering, zlib level 9. On 60 realistic drawings (strokes over
 * the mascot) it was the smallest every time, 27% smaller than adaptive (per-row) filtering, which was
 * therefore dropped: it cost 70 ms per drawing and never won.
 */
const LOSSLESS: PngOptions = { compressionLevel: 9, adaptiveFiltering: false, palette: false };
/**
 * Only tried when the drawing has at most 256 colours, where a palette can hold every one of them.
 * Quantiser effort 1: with that few colours every effort finds the same palette, 10 costs 6x the time.
 */
const PALETTE_CANDIDATE: PngOptions = {
  palette: true,
  colours: 256,
  quality: 100,
  dither: 0,
  effort: 1,
  compressionLevel: 9,
};

/**
 * Re-encodes a stored PNG losslessly: no metadata, no alpha channel when every pixel is opaque, maximum
 * zlib compression. Returns the smallest candidate whose decoded RGBA equals the original's, or
 * undefined when none is smaller (or the original is not 8-bit, where RGBA8 cannot prove equality).
 */
export async function reencodeLosslessly(original: Buffer): Promise<Buffer | undefined> {
  const input = sharp(original, { failOn: "error", limitInputPixels: CANVAS_SIZE * CANVAS_SIZE });
  if ((await input.metadata()).depth !== "uchar") return undefined;
  const { data: rgba, info } = await input.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const opaque = isOpaque(rgba);
  const pixels = opaque ? dropAlpha(rgba) : rgba;
  const raw = { width: info.width, height: info.height, channels: opaque ? 3 : 4 } as const;
  const settings = hasAtMost256Colours(rgba) ? [LOSSLESS, PALETTE_CANDIDATE] : [LOSSLESS];
  let best: Buffer | undefined;
  for (const options of settings) {
    // Built from raw pixels, so no chunk of the upload (text, time, profiles) can survive.
    const candidate = essentialChunksOnly(await sharp(pixels, { raw }).png(options).toBuffer());
    const smaller = candidate.length < (best ?? original).length;
    if (smaller && (await decodeRgba(candidate)).equals(rgba)) best = candidate;
  }
  return best;
}

/** Every pixel as 8-bit RGBA, the form in which two PNGs are compared. */
export async function decodeRgba(png: Buffer): Promise<Buffer> {
  return sharp(png, { failOn: "error", limitInputPixels: CANVAS_SIZE * CANVAS_SIZE })
    .ensureAlpha()
    .raw()
    .toBuffer();
}

/** Chunks that carry pixels; tRNS is the alpha of a palette image. Everything else is metadata. */
const PIXEL_CHUNKS = new Set(["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]);

/** Drops the metadata chunks the encoder adds by itself (libvips always writes pHYs). */
function essentialChunksOnly(png: Buffer): Buffer {
  const kept: Buffer[] = [png.subarray(0, PNG_SIGNATURE.length)];
  for (let offset = PNG_SIGNATURE.length; offset + 12 <= png.length; ) {
    const end = offset + 12 + png.readUInt32BE(offset);
    if (PIXEL_CHUNKS.has(png.toString("latin1", offset + 4, offset + 8)))
      kept.push(png.subarray(offset, end));
    offset = end;
  }
  return Buffer.concat(kept);
}

function isOpaque(rgba: Buffer): boolean {
  for (let offset = 3; offset < rgba.length; offset += 4) if (rgba[offset] !== 0xff) return false;
  return true;
}

function dropAlpha(rgba: Buffer): Buffer {
  const rgb = Buffer.allocUnsafe((rgba.length / 4) * 3);
  for (let from = 0, to = 0; from < rgba.length; from += 4, to += 3) {
    rgb[to] = rgba[from] ?? 0;
    rgb[to + 1] = rgba[from + 1] ?? 0;
    rgb[to + 2] = rgba[from + 2] ?? 0;
  }
  return rgb;
}

/** Stops counting at the 257th colour, so a photographic drawing costs little. */
function hasAtMost256Colours(rgba: Buffer): boolean {
  const colours = new Set<number>();
  for (let offset = 0; offset < rgba.length; offset += 4) {
    colours.add(rgba.readUInt32BE(offset));
    if (colours.size > 256) return false;
  }
  return true;
}
