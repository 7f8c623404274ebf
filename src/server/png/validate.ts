import { CANVAS_SIZE, MAX_UPLOAD_BYTES } from "../../common/constants.ts";
import type { MakingVerdict } from "../making/check-making.ts";
import { capitalise, refuseImage, SAVE_HINT } from "./refusal.ts";
import { checkPngStructure } from "./structure.ts";
import type { MakingToCheck } from "./validation-messages.ts";
import { validateOnThread } from "./validation-pool.ts";
import { newPngWork, type PngWork } from "./work.ts";

// Ours rather than a library's: an upload is refused from its bytes (signature, chunks, IHDR size, CRCs) with work
// bounded by its length and without decoding a pixel on the event loop; what needs the pixels runs on the
// validation threads (validation-pool.ts). sharp or an image library decodes the whole picture first.

/** Every PNG file starts with these 8 bytes. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Signature, IHDR length and type, then width and height: the first 24 bytes of every PNG. */
const IHDR_END = 24;

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
 * otherwise throws the refusal (refuseImage) that says what was wrong. The server's validation: the cheap
 * checks here, checkDrawingPng on a validation thread (png/validation-thread.ts says why). `work` counts what it
 * cost (png/work.ts): its bounds are what keep validation within a few milliseconds whatever the input.
 * A save's `making` (its drawing's log) is decoded on another thread meanwhile (the picture's refusal comes
 * first); the answer is where it starts and its bytes' hash (undefined without one).
 */
export async function validateDrawingPng(
  bytes: Buffer,
  work: PngWork = newPngWork(),
  making?: MakingToCheck,
): Promise<MakingVerdict | undefined> {
  checkUploadSize(bytes);
  return validateOnThread(bytes, work, making);
}

/** An upload too empty or too big to be worth handing to a thread. */
function checkUploadSize(bytes: Buffer): void {
  if (bytes.length === 0) {
    throw refuseImage("empty_body", `The upload is empty; ${SAVE_HINT}.`);
  }
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw refuseImage(
      "too_large",
      `The image is ${bytes.length} bytes; the limit is ${MAX_UPLOAD_BYTES} bytes (2 MiB). ${capitalise(SAVE_HINT)}.`,
      413,
    );
  }
}

/**
 * validateDrawingPng's checks in the calling thread. Cheap checks come first, so a lying or huge header is
 * refused before its image data is inflated; no pixel is ever decoded here.
 */
export async function checkDrawingPng(bytes: Buffer, work: PngWork = newPngWork()): Promise<void> {
  checkUploadSize(bytes);
  if (!hasPngSignature(bytes)) {
    throw refuseImage("not_png", `The upload is not a PNG image${guessFormat(bytes)}; ${SAVE_HINT}.`);
  }
  const size = readPngSize(bytes);
  if (size === undefined) {
    throw refuseImage("truncated_png", `The PNG is truncated or damaged before its header; ${SAVE_HINT}.`);
  }
  if (size.width !== CANVAS_SIZE || size.height !== CANVAS_SIZE) {
    throw refuseImage(
      "wrong_size",
      `The image is ${size.width} x ${size.height} pixels; a drawing must be exactly ${CANVAS_SIZE} x ${CANVAS_SIZE} pixels. Send the canvas itself, not a resized copy.`,
    );
  }
  // Which PNG kinds are accepted, bombs, lying headers and damaged image data are decided here, in one
  // bounded inflate and no pixel decode (docs/decisions/0006).
  await checkPngStructure(bytes, work);
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
