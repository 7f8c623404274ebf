import { MAX_UPLOAD_BYTES } from "../../common/constants.ts";
import {
  readSaveBundle,
  SAVE_BUNDLE_TYPE,
  type SaveBundle,
  SaveBundleError,
} from "../../common/save-bundle.ts";
import { HttpError } from "../http/errors.ts";
import type { UploadedDrawing } from "./save.ts";

/** The only data URL prefix accepted: what canvas.toDataURL("image/png") produces. */
const DATA_URL_PREFIX = "data:image/png;base64,";
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** What the upload routes accept, said in every refusal of a body they cannot read. */
export const UPLOAD_HINT = `send the PNG bytes with Content-Type: image/png, JSON {"image_data": "data:image/png;base64,..."}, or the page's save bundle (PNG and drawing log) as ${SAVE_BUNDLE_TYPE}`;

/**
 * A save bundle's body as its content-type parser reads it (lengths checked, nothing copied); a body that is
 * no bundle is the 400 naming why (not_a_bundle, unknown_bundle_version, bad_bundle).
 */
export function parseSaveBundle(body: Buffer): SaveBundle {
  try {
    return readSaveBundle(body);
  } catch (error) {
    if (error instanceof SaveBundleError) throw new HttpError(400, error.code, error.message);
    throw error;
  }
}

/**
 * What an upload carries: a bundle's PNG and log, or the PNG alone. `stickers` are those the page offers, which a
 * log may place. A bundle's two parts stay views into its body, not copies: each is copied once anyway on its way
 * to a validation thread (png/validation-pool.ts), and the writer thread is sent the body they share once, so a
 * copy here would be a save's largest extra work for its log (the PNG's 0.5 MB copied again), and the body
 * lives only as long as the request.
 */
export function uploadedDrawing(body: unknown, stickers: ReadonlySet<string>): UploadedDrawing {
  if (isSaveBundle(body)) {
    const png = Buffer.from(body.png.buffer, body.png.byteOffset, body.png.byteLength);
    return { png, making: { bytes: body.making, stickers } };
  }
  return { png: uploadedPng(body) };
}

function isSaveBundle(body: unknown): body is SaveBundle {
  return (
    typeof body === "object" &&
    body !== null &&
    "making" in body &&
    body.making instanceof Uint8Array &&
    "png" in body &&
    body.png instanceof Uint8Array
  );
}

/** The PNG bytes of an upload: a raw image/png body, or the spec's JSON `{ image_data: <data URL> }`. */
export function uploadedPng(body: unknown): Buffer {
  if (Buffer.isBuffer(body)) return body;
  if (
    typeof body === "object" &&
    body !== null &&
    "image_data" in body &&
    typeof body.image_data === "string"
  ) {
    return decodeDataUrl(body.image_data);
  }
  throw new HttpError(400, "empty_body", `The request has no drawing in it; ${UPLOAD_HINT}.`);
}

/** Refusals of the image itself: PostgREST answers them as an invalid value (22023). */
const IMAGE = { imageRefused: true } as const;

/** Decodes a PNG data URL, refusing anything but strict base64 behind the exact PNG prefix. */
export function decodeDataUrl(dataUrl: string): Buffer {
  if (!dataUrl.startsWith(DATA_URL_PREFIX)) {
    const start = JSON.stringify(dataUrl.slice(0, 30));
    throw new HttpError(
      400,
      "bad_data_url",
      `image_data must start with exactly "${DATA_URL_PREFIX}" but starts with ${start}; send canvas.toDataURL("image/png").`,
      IMAGE,
    );
  }
  const base64 = dataUrl.slice(DATA_URL_PREFIX.length);
  if (base64.length === 0) {
    throw new HttpError(
      400,
      "empty_body",
      `image_data is empty: it holds no image after "${DATA_URL_PREFIX}"; ${UPLOAD_HINT}.`,
      IMAGE,
    );
  }
  // Refuse by length before decoding, so an oversized upload costs no memory.
  if (Math.floor((base64.length * 3) / 4) - 2 > MAX_UPLOAD_BYTES) {
    throw new HttpError(
      413,
      "too_large",
      `The image in image_data is larger than ${MAX_UPLOAD_BYTES} bytes (2 MiB).`,
      IMAGE,
    );
  }
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) {
    throw new HttpError(
      400,
      "bad_data_url",
      `The text after "${DATA_URL_PREFIX}" is not valid base64; send canvas.toDataURL("image/png") unchanged.`,
      IMAGE,
    );
  }
  return Buffer.from(base64, "base64");
}
