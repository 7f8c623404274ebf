import { promisify } from "node:util";
import { inflate } from "node:zlib";
import { capitalise, refuseImage, SAVE_HINT } from "./refusal.ts";
import type { PngWork } from "./work.ts";

const inflateAsync = promisify(inflate);

/** Samples per pixel of each accepted colour type. */
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Filter types 0 (None) to 4 (Paeth); any other first byte of a scanline makes a decoder stop. */
const LAST_FILTER = 4;
/**
 * Output room past the expected size: zlib can fill the whole buffer before it has read the stream's end
 * (final block and Adler-32), and a full buffer makes Node allocate a second one just to learn that.
 */
const OUTPUT_SLACK = 1024;
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

/** The IHDR fields that decide how the image data is laid out. */
export interface ImageLayout {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colourType: number;
  readonly interlaced: boolean;
}

/**
 * Proves the image data decodes, without decoding pixels: the IDAT stream must be one complete zlib stream
 * (its Adler-32 checked) that inflates to exactly the filtered scanlines the header promises, and every
 * scanline must name one of the five PNG filters. Unfiltering then cannot fail, so any conforming decoder
 * gets exactly width x height pixels. Inflation stops just past the expected size, so a decompression bomb
 * costs at most one image's worth of memory; the stream is inflated in one step, off the main thread.
 */
export async function checkImageData(
  idat: readonly Buffer[],
  layout: ImageLayout,
  work: PngWork,
): Promise<void> {
  const rows = scanlines(layout);
  const expected = rows.reduce((sum, run) => sum + run.count * (1 + run.bytes), 0);
  const compressed = idat.length === 1 ? (idat[0] as Buffer) : Buffer.concat(idat);
  work.inflateCalls += 1;
  work.inflatedFromBytes += compressed.length;
  const inflated = await inflateAtMost(compressed, expected);
  if (inflated.length !== expected) {
    throw refuseImage(
      "image_data_mismatch",
      `The PNG's image data unpacks to ${inflated.length} bytes but its 600 x 600 header needs ${expected}: the data is for another size, or truncated. ${capitalise(SAVE_HINT)}.`,
    );
  }
  checkFilterBytes(inflated, rows);
}

/** A run of `count` scanlines of `bytes` packed bytes each (one Adam7 pass, or the whole image). */
interface ScanlineRun {
  readonly count: number;
  readonly bytes: number;
}

/** The scanline runs in stream order: one for a plain image, one per non-empty pass for Adam7. */
function scanlines(layout: ImageLayout): ScanlineRun[] {
  const bitsPerPixel = layout.bitDepth * (CHANNELS[layout.colourType] ?? 1);
  const run = (width: number, height: number): ScanlineRun => ({
    count: width === 0 ? 0 : height,
    bytes: Math.ceil((width * bitsPerPixel) / 8),
  });
  if (!layout.interlaced) return [run(layout.width, layout.height)];
  return ADAM7.map(([x0, y0, dx, dy]) =>
    run(Math.ceil((layout.width - x0) / dx), Math.ceil((layout.height - y0) / dy)),
  );
}

/** Inflates no further than just past the expected size: more is a bomb or a lying header. */
async function inflateAtMost(compressed: Buffer, expected: number): Promise<Buffer> {
  try {
    // One output buffer for the whole image: zlib's default 16 KiB chunks cost ~90 thread-pool round trips.
    return await inflateAsync(compressed, { maxOutputLength: expected, chunkSize: expected + OUTPUT_SLACK });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") {
      throw refuseImage(
        "too_much_image_data",
        `The PNG's image data unpacks to more than the ${expected} bytes a 600 x 600 image needs (a decompression bomb, or a header that lies about the size); ${SAVE_HINT}.`,
      );
    }
    throw refuseImage(
      "undecodable_png",
      `The PNG could not be decoded: its compressed image data is truncated or damaged; ${SAVE_HINT}.`,
    );
  }
}

/** Every scanline starts with its filter type; the runs must already add up to the data's length. */
function checkFilterBytes(data: Buffer, runs: readonly ScanlineRun[]): void {
  let offset = 0;
  let row = 0;
  for (const run of runs) {
    for (let line = 0; line < run.count; line += 1, row += 1, offset += 1 + run.bytes) {
      const filter = data[offset] ?? 0;
      if (filter > LAST_FILTER) {
        throw refuseImage(
          "bad_scanline_filter",
          `The PNG's image data is damaged: scanline ${row + 1} names filter type ${filter}, but PNG has only types 0 to 4; ${SAVE_HINT}.`,
        );
      }
    }
  }
}
