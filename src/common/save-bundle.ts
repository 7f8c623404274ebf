/**
 * A save that carries its making: the PNG and the drawing's encoded log in one request body, so one save is one
 * drawing, stored whole or not at all (docs/decisions/0025-the-save-carries-its-making.md). No DOM, no Node: the
 * page writes it, the server reads it.
 *
 * Layout: the magic "FVSB", a version byte (1), the PNG's length as a 32-bit big-endian number, the PNG's bytes,
 * then the log's bytes (everything after the PNG). Lengths are checked before anything is read, so reading a
 * bundle costs nothing beyond looking at its first nine bytes.
 */
import { MAX_UPLOAD_BYTES } from "./constants.ts";
import { DRAWING_LIMITS } from "./drawing-document/limits.ts";

/** The body's media type (a type no page can send to another site without a CORS preflight). */
export const SAVE_BUNDLE_TYPE = "application/vnd.fanvas.save-bundle";
/** The media type of a drawing's encoded log, as GET /api/drawings/<id>/making answers it. */
export const MAKING_TYPE = "application/vnd.fanvas.drawing";

const MAGIC = [0x46, 0x56, 0x53, 0x42] as const;
const VERSION = 1;
/** Magic, version, PNG length. */
const HEADER_BYTES = MAGIC.length + 1 + 4;

/** The largest bundle: the largest PNG and the largest log the server accepts, and the header. */
export const MAX_SAVE_BUNDLE_BYTES = HEADER_BYTES + MAX_UPLOAD_BYTES + DRAWING_LIMITS.bytes;

/** The two parts of a bundle, as views into its bytes (nothing is copied). */
export interface SaveBundle {
  readonly png: Uint8Array;
  readonly making: Uint8Array;
}

/**
 * Why a bundle could not be read: not_a_bundle (another kind of body), unknown_bundle_version, bad_bundle (its
 * PNG's length does not fit the body, or either part is empty).
 */
export type SaveBundleErrorCode = "not_a_bundle" | "unknown_bundle_version" | "bad_bundle";

/** The refusal of a body that is no save bundle this code reads. */
export class SaveBundleError extends Error {
  readonly code: SaveBundleErrorCode;

  constructor(code: SaveBundleErrorCode, message: string) {
    super(message);
    this.name = "SaveBundleError";
    this.code = code;
  }
}

/**
 * The bytes a bundle starts with, for a PNG of `pngLength` bytes: the PNG's bytes and then the log's follow. The
 * page sends the header, its PNG Blob and the log as the parts of one Blob, so the PNG is never read into the
 * page's memory or copied to be sent.
 */
export function saveBundleHeader(pngLength: number): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(HEADER_BYTES);
  header.set(MAGIC, 0);
  header[MAGIC.length] = VERSION;
  new DataView(header.buffer).setUint32(MAGIC.length + 1, pngLength);
  return header;
}

/** The bundle of `png` and its drawing's encoded log `making`. */
export function encodeSaveBundle(png: Uint8Array, making: Uint8Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(HEADER_BYTES + png.length + making.length);
  bytes.set(saveBundleHeader(png.length), 0);
  bytes.set(png, HEADER_BYTES);
  bytes.set(making, HEADER_BYTES + png.length);
  return bytes;
}

/** The PNG and the log of a bundle; throws SaveBundleError for anything else. Checks lengths only. */
export function readSaveBundle(bytes: Uint8Array): SaveBundle {
  if (bytes.length < HEADER_BYTES || MAGIC.some((byte, index) => bytes[index] !== byte)) {
    throw new SaveBundleError(
      "not_a_bundle",
      `The body is not a Fanvas save bundle (it starts with FVSB); send the PNG alone with Content-Type: image/png, or the bundle the page makes.`,
    );
  }
  const version = bytes[MAGIC.length];
  if (version !== VERSION) {
    throw new SaveBundleError(
      "unknown_bundle_version",
      `The save bundle is version ${version}; this Fanvas reads version ${VERSION}. Reload the page and save again.`,
    );
  }
  const pngLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(
    MAGIC.length + 1,
  );
  const makingLength = bytes.length - HEADER_BYTES - pngLength;
  if (pngLength === 0 || makingLength <= 0) {
    throw new SaveBundleError(
      "bad_bundle",
      `The save bundle names a PNG of ${pngLength} bytes in a body of ${bytes.length}: it needs a PNG and a drawing log after it. Send the bundle the page makes unchanged.`,
    );
  }
  return {
    png: bytes.subarray(HEADER_BYTES, HEADER_BYTES + pngLength),
    making: bytes.subarray(HEADER_BYTES + pngLength),
  };
}
