import { gunzipSync } from "node:zlib";
import { DRAWING_LIMITS } from "../../common/drawing-document/limits.ts";
import { HttpError } from "../http/errors.ts";

// A save's log may arrive gzipped: about a third fewer bytes to send, store and serve, for a client on a slow link
// that would rather spend CPU than bytes (the page sends it plain: docs/decisions/0035 weighs both). It is stored as
// it came, and inflated only to be checked, or for a reader that cannot take gzip. A log is told from a gzipped one
// by its first bytes: an encoded drawing starts with "FVDR" (DRAWING_MAGIC), a gzip member with 1f 8b.

/** The first two bytes of every gzip member (RFC 1952). */
const GZIP_MAGIC = [0x1f, 0x8b] as const;
/** A gzip member ends with the CRC-32 and the length of what it holds (ISIZE, 4 bytes little-endian). */
const TRAILER_BYTES = 8;

/** Whether stored or uploaded making bytes are gzip (else they are the encoded log itself). */
export function isGzipped(bytes: Uint8Array): boolean {
  return bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

/**
 * The encoded log inside gzipped making bytes. The work is bounded by the log's own cap: inflating stops once
 * the output would pass DRAWING_LIMITS.bytes (a decompression bomb costs at most that much inflating), which is
 * the 413 making_too_large; bytes that are not one whole gzip member are the 400 making_bad_gzip.
 */
export function inflateMaking(bytes: Uint8Array): Uint8Array {
  let inflated: Buffer;
  try {
    inflated = gunzipSync(bytes, { maxOutputLength: DRAWING_LIMITS.bytes });
  } catch (error) {
    if (isZlibError(error) && error.code === "ERR_BUFFER_TOO_LARGE") {
      throw new HttpError(
        413,
        "making_too_large",
        `The drawing's making (its log) inflates to more than ${DRAWING_LIMITS.bytes} bytes (2 MiB), the most a log may hold. The picture can be saved alone, without its timelapse.`,
      );
    }
    throw badGzip();
  }
  // gunzip reads on into a second member; a log is one member, so its ISIZE is the whole log's length.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(bytes.length - TRAILER_BYTES + 4, true) !== inflated.length) throw badGzip();
  return inflated;
}

/** The encoded log of stored or uploaded making bytes, inflated when they are gzip. */
export function encodedLog(bytes: Uint8Array): Uint8Array {
  return isGzipped(bytes) ? inflateMaking(bytes) : bytes;
}

function badGzip(): HttpError {
  return new HttpError(
    400,
    "making_bad_gzip",
    "The drawing's making (its log) starts like gzip but is not one whole gzip stream (damaged, cut short, or several joined). Send the log as the page compresses it, or uncompressed; the picture can be saved alone, without its timelapse.",
  );
}

function isZlibError(error: unknown): error is Error & { code: string } {
  return error instanceof Error && "code" in error && typeof error.code === "string";
}
