import { promisify } from "node:util";
import { crc32, inflate } from "node:zlib";
import { HttpError } from "./errors.ts";

const inflateAsync = promisify(inflate);

/** Where the first chunk (IHDR) starts: right after the 8-byte signature. */
const FIRST_CHUNK = 8;
/** Length, type and CRC around every chunk's data. */
const CHUNK_OVERHEAD = 12;
const HINT = "save the 600 x 600 drawing canvas as PNG and send that file unchanged";

/** Bit depths accepted per colour type: all that decode to exact 8-bit pixels; never 16-bit. */
const ACCEPTED_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8], // greyscale
  2: [8], // RGB
  3: [1, 2, 4, 8], // palette
  4: [8], // greyscale + alpha
  6: [8], // RGBA
};
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ANIMATION_CHUNKS = new Set(["acTL", "fcTL", "fdAT"]);
const KNOWN_CRITICAL = new Set(["IHDR", "PLTE", "IDAT", "IEND"]);
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

interface Header {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colourType: number;
  readonly interlaced: boolean;
}

/**
 * Walks every chunk before any pixel is decoded and refuses, with a message naming the problem:
 * damaged or truncated chunks, 16-bit or unknown kinds, animation (acTL), bytes after IEND, and image
 * data that inflates to more or less than the header's size needs (a decompression bomb or a lying
 * header). Inflation stops at the expected size, so a bomb costs at most one image's worth of memory.
 * The signature and the IHDR size must have been checked already.
 */
export async function checkPngStructure(bytes: Buffer): Promise<void> {
  // The IHDR chunk itself must be whole and undamaged before its fields are believed.
  let offset = readChunk(bytes, FIRST_CHUNK).end;
  const header = readHeader(bytes);
  const idat: Buffer[] = [];
  for (;;) {
    const { type, data, end } = readChunk(bytes, offset);
    if (ANIMATION_CHUNKS.has(type)) {
      throw refuse(
        "animated_png",
        `The PNG is animated (it has an ${type} chunk); a drawing is one still frame. ${cap(HINT)}.`,
      );
    }
    if (!KNOWN_CRITICAL.has(type) && isCritical(type)) {
      throw refuse(
        "unsupported_png",
        `The PNG has a critical chunk "${type}" that no PNG decoder knows; ${HINT}.`,
      );
    }
    if (type === "IDAT") idat.push(data);
    if (type === "IEND") {
      if (end !== bytes.length) {
        throw refuse(
          "trailing_data",
          `The PNG has ${bytes.length - end} bytes after its IEND chunk (the end of the image); nothing may follow it. ${cap(HINT)}.`,
        );
      }
      break;
    }
    offset = end;
  }
  await checkImageDataSize(Buffer.concat(idat), expectedDataSize(header));
}

function readHeader(bytes: Buffer): Header {
  const bitDepth = bytes[24] ?? 0;
  const colourType = bytes[25] ?? 0;
  const accepted = ACCEPTED_DEPTHS[colourType];
  if (accepted === undefined || !accepted.includes(bitDepth)) {
    const kind = bitDepth === 16 ? "16 bits per channel" : `colour type ${colourType} at ${bitDepth} bits`;
    throw refuse(
      "unsupported_png",
      `The PNG uses ${kind}; accepted are 8-bit RGB, RGBA, greyscale and palette PNGs, as a canvas saves them. ${cap(HINT)}.`,
    );
  }
  if (bytes[26] !== 0 || bytes[27] !== 0 || (bytes[28] !== 0 && bytes[28] !== 1)) {
    throw refuse(
      "unsupported_png",
      `The PNG's header names an unknown compression, filter or interlace method; ${HINT}.`,
    );
  }
  return {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    bitDepth,
    colourType,
    interlaced: bytes[28] === 1,
  };
}

/** One chunk at offset, its CRC checked; throws when it runs past the end or is damaged. */
function readChunk(bytes: Buffer, offset: number): { type: string; data: Buffer; end: number } {
  if (offset + CHUNK_OVERHEAD > bytes.length) {
    throw refuse(
      "undecodable_png",
      `The PNG could not be decoded: it is truncated (it stops before its IEND chunk); ${HINT}.`,
    );
  }
  const length = bytes.readUInt32BE(offset);
  const type = bytes.toString("latin1", offset + 4, offset + 8);
  const end = offset + CHUNK_OVERHEAD + length;
  if (!/^[A-Za-z]{4}$/.test(type)) {
    throw refuse(
      "undecodable_png",
      `The PNG could not be decoded: it is damaged (no valid chunk at byte ${offset}); ${HINT}.`,
    );
  }
  if (end > bytes.length) {
    throw refuse(
      "undecodable_png",
      `The PNG could not be decoded: it is truncated (its ${type} chunk claims ${length} bytes but only ${bytes.length - offset - CHUNK_OVERHEAD} remain); ${HINT}.`,
    );
  }
  const data = bytes.subarray(offset + 8, end - 4);
  if (crc32(bytes.subarray(offset + 4, end - 4)) !== bytes.readUInt32BE(end - 4)) {
    throw refuse(
      "undecodable_png",
      `The PNG could not be decoded: its ${type} chunk is damaged (its checksum does not match); ${HINT}.`,
    );
  }
  return { type, data, end };
}

/** Inflates no further than the expected size: more is a bomb or a lying header, less is a lying header. */
async function checkImageDataSize(compressed: Buffer, expected: number): Promise<void> {
  let inflated: Buffer;
  try {
    inflated = await inflateAsync(compressed, { maxOutputLength: expected });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") {
      throw refuse(
        "too_much_image_data",
        `The PNG's image data unpacks to more than the ${expected} bytes a 600 x 600 image needs (a decompression bomb, or a header that lies about the size); ${HINT}.`,
      );
    }
    throw refuse(
      "undecodable_png",
      `The PNG could not be decoded: its compressed image data is truncated or damaged; ${HINT}.`,
    );
  }
  if (inflated.length !== expected) {
    throw refuse(
      "image_data_mismatch",
      `The PNG's image data unpacks to ${inflated.length} bytes but its 600 x 600 header needs ${expected}: the data is for another size, or truncated. ${cap(HINT)}.`,
    );
  }
}

/** Bytes of filtered scanlines the header promises: a filter byte and the packed samples per row, per pass. */
function expectedDataSize(header: Header): number {
  const bitsPerPixel = header.bitDepth * (CHANNELS[header.colourType] ?? 1);
  const scanlines = (width: number, height: number) =>
    width === 0 || height === 0 ? 0 : height * (1 + Math.ceil((width * bitsPerPixel) / 8));
  if (!header.interlaced) return scanlines(header.width, header.height);
  return ADAM7.reduce(
    (sum, [x0, y0, dx, dy]) =>
      sum + scanlines(Math.ceil((header.width - x0) / dx), Math.ceil((header.height - y0) / dy)),
    0,
  );
}

/** Chunks whose first letter is upper case are critical: a decoder must understand them. */
function isCritical(type: string): boolean {
  return type.charCodeAt(0) < 0x61;
}

function refuse(code: string, message: string): HttpError {
  return new HttpError(400, code, message);
}

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
