import sharp, { type PngOptions } from "sharp";
import { CANVAS_SIZE, MAX_UPLOAD_BYTES } from "../common/constants.ts";
import { HttpError } from "./errors.ts";
import { checkPngStructure } from "./png-structure.ts";

/** Every PNG file starts with these 8 bytes. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Signature, IHDR length and type, then width and height: the first 24 bytes of every PNG. */
const IHDR_END = 24;

const SAVE_HINT = "save the 600 x 600 drawing canvas as PNG and send that file unchanged";

/** Width and height as the PNG's IHDR chunk declares them. */
export interface PngSize {
  readonly width: number;
  readonly height: number;
}

/** True when the bytes begin with the PNG signature. */
function hasPngSignature(bytes: Uint8Array): boolean {
  return (
    bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.equals(bytes.subarray(0, PNG_SIGNATURE.length))
  );
}

/** Reads the declared size from the IHDR chunk without decoding; undefined when the header is not there. */
function readPngSize(bytes: Buffer): PngSize | undefined {
  if (
    bytes.length < IHDR_END ||
    bytes.readUInt32BE(8) !== 13 ||
    bytes.toString("latin1", 12, 16) !== "IHDR"
  ) {
    return undefined;
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Accepts only a PNG that really decodes, exactly CANVAS_SIZE square and at most MAX_UPLOAD_BYTES;
 * otherwise throws an HttpError that says what was wrong. Cheap checks come first, so a lying or huge
 * header is refused before its image data is inflated; no pixel is ever decoded here.
 */
export async function validateDrawingPng(bytes: Buffer): Promise<void> {
  if (bytes.length === 0) {
    throw new HttpError(400, "empty_body", `The upload is empty; ${SAVE_HINT}.`);
  }
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw new HttpError(
      413,
      "too_large",
      `The image is ${bytes.length} bytes; the limit is ${MAX_UPLOAD_BYTES} bytes (2 MiB). ${capitalise(SAVE_HINT)}.`,
    );
  }
  if (!hasPngSignature(bytes)) {
    throw new HttpError(400, "not_png", `The upload is not a PNG image${guessFormat(bytes)}; ${SAVE_HINT}.`);
  }
  const size = readPngSize(bytes);
  if (size === undefined) {
    throw new HttpError(
      400,
      "truncated_png",
      `The PNG is truncated or damaged before its header; ${SAVE_HINT}.`,
    );
  }
  if (size.width !== CANVAS_SIZE || size.height !== CANVAS_SIZE) {
    throw new HttpError(
      400,
      "wrong_size",
      `The image is ${size.width} x ${size.height} pixels; a drawing must be exactly ${CANVAS_SIZE} x ${CANVAS_SIZE} pixels. Send the canvas itself, not a resized copy.`,
    );
  }
  // Which PNG kinds are accepted, bombs, lying headers and damaged image data are decided here, in one
  // bounded inflate and no pixel decode (docs/decisions/0006).
  await checkPngStructure(bytes);
}

/** A hint for the commonest wrong uploads, so the message says what was actually sent. */
function guessFormat(bytes: Buffer): string {
  const head = bytes.subarray(0, 16).toString("latin1").trimStart();
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return " (it looks like a JPEG)";
  if (head.startsWith("GIF8")) return " (it looks like a GIF)";
  if (head.startsWith("RIFF")) return " (it looks like a WebP)";
  if (head.startsWith("<")) return " (it looks like HTML, SVG or XML)";
  if (head.startsWith("data:"))
    return " (it is a data URL; send it as JSON image_data, or send the decoded bytes)";
  return " (it does not start with the PNG signature)";
}

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

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
