import { readChunk } from "./chunks.ts";
import { checkImageData, type ImageLayout } from "./image-data.ts";
import { capitalise, refuseImage, SAVE_HINT } from "./refusal.ts";
import { newPngWork, type PngWork } from "./work.ts";

/** Where the first chunk (IHDR) starts: right after the 8-byte signature. */
const FIRST_CHUNK = 8;

/** Bit depths accepted per colour type: all that decode to exact 8-bit pixels; never 16-bit. */
const ACCEPTED_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8], // greyscale
  2: [8], // RGB
  3: [1, 2, 4, 8], // palette
  4: [8], // greyscale + alpha
  6: [8], // RGBA
};
const PALETTE = 3;
/** tRNS length per colour type: one 16-bit grey, one 16-bit RGB triple; palette: up to one per entry. */
const TRANSPARENCY_BYTES: Readonly<Record<number, number>> = { 0: 2, 2: 6 };

/** What the walk has met so far: the order rules of PNG's critical chunks and tRNS depend on it. */
interface WalkState {
  paletteEntries: number;
  transparency: boolean;
  idat: Buffer[];
  /** A chunk other than IDAT came after IDAT: the image data is over. */
  idatEnded: boolean;
}

/**
 * Walks every chunk and proves the PNG decodes, without decoding a pixel, refusing with a message naming
 * the problem: damaged or truncated chunks, 16-bit or unknown kinds, animation (acTL), critical chunks out
 * of order or repeated, a missing or broken palette, a transparency chunk that does not fit the image,
 * bytes after IEND, more than MAX_CHUNKS chunks, a chunk type libpng refuses (the reserved bit), and image data
 * that is not exactly the header's filtered scanlines (a decompression bomb, a lying header, a bad filter
 * byte). The signature and the IHDR size must have been checked already. `work` counts what it cost (at most MAX_CHUNKS chunks).
 */
export async function checkPngStructure(bytes: Buffer, work: PngWork = newPngWork()): Promise<void> {
  // The IHDR chunk itself must be whole and undamaged before its fields are believed.
  let offset = readChunk(bytes, FIRST_CHUNK, work).end;
  const header = readHeader(bytes);
  const state: WalkState = { paletteEntries: 0, transparency: false, idat: [], idatEnded: false };
  for (;;) {
    const { type, data, end } = readChunk(bytes, offset, work);
    checkPlace(type, data, header, state);
    if (type === "IEND") {
      if (end !== bytes.length) {
        throw refuseImage(
          "trailing_data",
          `The PNG has ${bytes.length - end} bytes after its IEND chunk (the end of the image); nothing may follow it. ${capitalise(SAVE_HINT)}.`,
        );
      }
      break;
    }
    offset = end;
  }
  await checkImageData(state.idat, header, work);
}

/** PNG's ordering rules for IHDR, PLTE, tRNS, IDAT and IEND; records what the chunk adds to the state. */
function checkPlace(type: string, data: Buffer, header: ImageLayout, state: WalkState): void {
  if (type !== "IDAT" && state.idat.length > 0) state.idatEnded = true;
  switch (type) {
    case "IHDR":
      throw misplaced("a second IHDR chunk (the header comes once, first)");
    case "PLTE":
      state.paletteEntries = paletteEntries(data, header, state);
      return;
    case "tRNS":
      checkTransparency(data, header, state);
      state.transparency = true;
      return;
    case "IDAT":
      if (state.idatEnded)
        throw misplaced("IDAT chunks separated by other chunks (image data must be one run)");
      if (header.colourType === PALETTE && state.paletteEntries === 0) {
        throw refuseImage(
          "invalid_palette",
          `The PNG is a palette image without a PLTE chunk before its image data; ${SAVE_HINT}.`,
        );
      }
      state.idat.push(data);
      return;
    case "IEND":
      if (state.idat.length === 0) {
        throw refuseImage(
          "undecodable_png",
          `The PNG could not be decoded: it has no image data (IDAT chunk); ${SAVE_HINT}.`,
        );
      }
      if (data.length !== 0) throw misplaced("an IEND chunk that carries data");
      return;
  }
}

/** Entries of a PLTE chunk that may stand where it is: once, before the image data, 1 to 2^depth colours. */
function paletteEntries(data: Buffer, header: ImageLayout, state: WalkState): number {
  if (header.colourType === 0 || header.colourType === 4)
    throw misplaced("a PLTE chunk in a greyscale image");
  if (state.paletteEntries > 0) throw misplaced("a second PLTE chunk");
  if (state.idat.length > 0 || state.transparency)
    throw misplaced("a PLTE chunk after the image data or tRNS");
  const entries = data.length / 3;
  const most = header.colourType === PALETTE ? 2 ** header.bitDepth : 256;
  if (!Number.isInteger(entries) || entries < 1 || entries > most) {
    throw refuseImage(
      "invalid_palette",
      `The PNG's PLTE chunk is ${data.length} bytes; a palette is 1 to ${most} colours of 3 bytes each. ${capitalise(SAVE_HINT)}.`,
    );
  }
  return entries;
}

/** tRNS comes once, before the image data and after the palette, sized for the colour type. */
function checkTransparency(data: Buffer, header: ImageLayout, state: WalkState): void {
  if (state.transparency) throw misplaced("a second tRNS chunk");
  if (state.idat.length > 0) throw misplaced("a tRNS chunk after the image data");
  const fits =
    header.colourType === PALETTE
      ? state.paletteEntries > 0 && data.length >= 1 && data.length <= state.paletteEntries
      : data.length === TRANSPARENCY_BYTES[header.colourType];
  if (!fits) {
    throw refuseImage(
      "invalid_transparency",
      `The PNG's tRNS (transparency) chunk of ${data.length} bytes does not fit its colour type ${header.colourType}${header.colourType === PALETTE ? ` and ${state.paletteEntries}-colour palette` : ""}; ${SAVE_HINT}.`,
    );
  }
}

function readHeader(bytes: Buffer): ImageLayout {
  const bitDepth = bytes[24] ?? 0;
  const colourType = bytes[25] ?? 0;
  const accepted = ACCEPTED_DEPTHS[colourType];
  if (accepted === undefined || !accepted.includes(bitDepth)) {
    const kind = bitDepth === 16 ? "16 bits per channel" : `colour type ${colourType} at ${bitDepth} bits`;
    throw refuseImage(
      "unsupported_png",
      `The PNG uses ${kind}; accepted are 8-bit RGB, RGBA, greyscale and palette PNGs, as a canvas saves them. ${capitalise(SAVE_HINT)}.`,
    );
  }
  if (bytes[26] !== 0 || bytes[27] !== 0 || (bytes[28] !== 0 && bytes[28] !== 1)) {
    throw refuseImage(
      "unsupported_png",
      `The PNG's header names an unknown compression, filter or interlace method; ${SAVE_HINT}.`,
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

function misplaced(what: string): ReturnType<typeof refuseImage> {
  return refuseImage("misplaced_chunk", `The PNG is malformed: it has ${what}; ${SAVE_HINT}.`);
}
