import { crc32 } from "node:zlib";
import { capitalise, refuseImage, SAVE_HINT } from "./refusal.ts";
import type { PngWork } from "./work.ts";

// Reading one chunk of a PNG: its frame (length, type, CRC), and the chunk types refused wherever they are.

/** Length, type and CRC around every chunk's data. */
const CHUNK_OVERHEAD = 12;
const ANIMATION_CHUNKS = new Set(["acTL", "fcTL", "fdAT"]);
const KNOWN_CRITICAL = new Set(["IHDR", "PLTE", "IDAT", "IEND"]);
/**
 * Most chunks a PNG may have. Encoders write image data in chunks of 8 KiB (libpng, so Chromium and Firefox) to
 * 64 KiB, so even 2 MiB of image data is a few hundred; one chunk per scanline would be 600. Each chunk costs a
 * fixed amount to check, so without a bound 160,000 one-byte chunks cost some 200 ms of the request path.
 */
export const MAX_CHUNKS = 1024;

/** One chunk of the file. */
export interface Chunk {
  readonly type: string;
  readonly data: Buffer;
  /** Where the next chunk starts. */
  readonly end: number;
}

/**
 * The chunk at offset, its CRC checked and its type one a decoder takes; throws the refusal when it runs past
 * the end, is damaged, is the (MAX_CHUNKS + 1)th chunk, or has a type refused wherever it is.
 */
export function readChunk(bytes: Buffer, offset: number, work: PngWork): Chunk {
  if (work.chunks >= MAX_CHUNKS) throw tooManyChunks();
  work.chunks += 1;
  if (offset + CHUNK_OVERHEAD > bytes.length) {
    throw refuseImage(
      "undecodable_png",
      `The PNG could not be decoded: it is truncated (it stops before its IEND chunk); ${SAVE_HINT}.`,
    );
  }
  const length = bytes.readUInt32BE(offset);
  const type = bytes.toString("latin1", offset + 4, offset + 8);
  const end = offset + CHUNK_OVERHEAD + length;
  if (!/^[A-Za-z]{4}$/.test(type)) {
    throw refuseImage(
      "undecodable_png",
      `The PNG could not be decoded: it is damaged (no valid chunk at byte ${offset}); ${SAVE_HINT}.`,
    );
  }
  if (end > bytes.length) {
    throw refuseImage(
      "undecodable_png",
      `The PNG could not be decoded: it is truncated (its ${type} chunk claims ${length} bytes but only ${bytes.length - offset - CHUNK_OVERHEAD} remain); ${SAVE_HINT}.`,
    );
  }
  const data = bytes.subarray(offset + 8, end - 4);
  work.checksummedBytes += length + 4;
  if (crc32(bytes.subarray(offset + 4, end - 4)) !== bytes.readUInt32BE(end - 4)) {
    throw refuseImage(
      "undecodable_png",
      `The PNG could not be decoded: its ${type} chunk is damaged (its checksum does not match); ${SAVE_HINT}.`,
    );
  }
  checkKnown(type);
  return { type, data, end };
}

/** Chunks whose first letter is upper case are critical: a decoder must understand them. */
function isCritical(type: string): boolean {
  return type.charCodeAt(0) < 0x61;
}

function tooManyChunks(): ReturnType<typeof refuseImage> {
  return refuseImage(
    "too_many_chunks",
    `The PNG is split into more than ${MAX_CHUNKS} chunks; an encoder writes far fewer. ${capitalise(SAVE_HINT)}.`,
  );
}

/** Animation, critical chunks no decoder knows and reserved chunk types are refused wherever they are. */
function checkKnown(type: string): void {
  if (ANIMATION_CHUNKS.has(type)) {
    throw refuseImage(
      "animated_png",
      `The PNG is animated (it has an ${type} chunk); a drawing is one still frame. ${capitalise(SAVE_HINT)}.`,
    );
  }
  // libpng refuses the whole file at such a chunk, so the thumbnail and the re-encode would fail on it forever.
  if (type.charCodeAt(2) >= 0x61) {
    throw refuseImage(
      "reserved_chunk_type",
      `The PNG has a chunk "${type}" whose third letter is lower case (the reserved bit); PNG decoders refuse such files. ${capitalise(SAVE_HINT)}.`,
    );
  }
  if (!KNOWN_CRITICAL.has(type) && isCritical(type)) {
    throw refuseImage(
      "unsupported_png",
      `The PNG has a critical chunk "${type}" that no PNG decoder knows; ${SAVE_HINT}.`,
    );
  }
}
