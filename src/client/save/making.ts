/** The drawing's making as a save carries it: its document, encoded (docs/decisions/0025). */
import { encodeDrawing } from "../../common/drawing-document/encode.ts";
import { isDrawingCodecError } from "../../common/drawing-document/errors.ts";
import type { DrawingDocument } from "../../common/drawing-document/types.ts";

/**
 * The encoded document, or undefined where there is none or the format refuses it (over a cap, such as a
 * log of more than 20,000 operations): the picture is then saved alone, without a timelapse.
 */
export function encodedMaking(document: DrawingDocument | null): Uint8Array | undefined {
  if (document === null) return undefined;
  try {
    return encodeDrawing(document);
  } catch (error) {
    if (!isDrawingCodecError(error)) throw error;
    console.warn(`Fanvas: this drawing is saved without its timelapse (${error.message})`);
    return undefined;
  }
}
