import { createHash } from "node:crypto";
import { checkDrawing } from "../../common/drawing-document/decode.ts";
import { type DrawingCodecErrorCode, isDrawingCodecError } from "../../common/drawing-document/errors.ts";
import type { StartingPicture } from "../../common/drawing-document/types.ts";
import { HttpError } from "../http/errors.ts";
import { encodedLog } from "./gzip-making.ts";

/** The API code of each refusal of an uploaded log: the decoder's code, named as the making's. */
export function makingRefusalCode(code: DrawingCodecErrorCode): string {
  return `making_${code}`;
}

/** Every refusal of a save's making starts with this, so a client knows to save the picture without it. */
export const MAKING_REFUSAL_PREFIX = "making_";

/** An uploaded making that passed: where its log starts, and the SHA-256 of its bytes as uploaded (its ETag). */
export interface MakingVerdict {
  readonly start: StartingPicture;
  readonly sha256: string;
}

/**
 * Reads an uploaded drawing log (or its gzip, making/gzip-making.ts) with the shared decoder (work bounded by its
 * length, caps of common/drawing-document/limits.ts) and answers where it starts and the hash of the bytes as
 * they will be stored; throws the 4xx HttpError naming what is wrong with it otherwise: 413 making_too_large
 * past the size cap (gzipped or not), 400 making_bad_gzip, 400 making_<code> for the rest. `stickers` are the
 * ones this server's page offers (knownStickers). Runs on a validation thread, hash included, so a save's log
 * costs its event loop nothing.
 */
export function checkMaking(bytes: Uint8Array, stickers: ReadonlySet<string>): MakingVerdict {
  const start = decodedStart(encodedLog(bytes), stickers);
  return { start, sha256: createHash("sha256").update(bytes).digest("hex") };
}

function decodedStart(bytes: Uint8Array, stickers: ReadonlySet<string>): StartingPicture {
  try {
    return checkDrawing(bytes, { stickers });
  } catch (error) {
    if (!isDrawingCodecError(error)) throw error;
    const status = error.code === "too_large" ? 413 : 400;
    throw new HttpError(
      status,
      makingRefusalCode(error.code),
      `The drawing's making (its log) was refused: ${error.message} The picture can be saved alone, without its timelapse.`,
    );
  }
}
