/**
 * The rules a document's values keep, checked by the decoder on what it read and by the encoder before it
 * writes, so the encoder never writes what the decoder would refuse. Each throws DrawingCodecError.
 */
import { DrawingCodecError } from "./errors.ts";
import { DRAWING_LIMITS, POSITION_RANGE } from "./limits.ts";

/** A whole number in min .. max, or out_of_range naming `what` and its unit. */
export function checkInteger(value: number, min: number, max: number, what: string): number {
  if (Number.isInteger(value) && value >= min && value <= max) return value;
  throw new DrawingCodecError(
    "out_of_range",
    `The drawing log's ${what} is ${value}, outside ${min} .. ${max}; it is damaged or was not written by Fanvas.`,
  );
}

/** A finite number in min .. max (NaN is refused too). */
export function checkNumber(value: number, min: number, max: number, what: string): number {
  if (value >= min && value <= max) return value;
  throw new DrawingCodecError(
    "out_of_range",
    `The drawing log's ${what} is ${value}, outside ${min} .. ${max}; it is damaged or was not written by Fanvas.`,
  );
}

/** A position on either axis within POSITION_RANGE (the drawing and one drawing's width around it). */
export function checkPosition(value: number, what: string): number {
  // Checked here first: the label below is text made anew, and the encoder checks every point it writes.
  if (value >= POSITION_RANGE.min && value <= POSITION_RANGE.max) return value;
  return checkNumber(value, POSITION_RANGE.min, POSITION_RANGE.max, `${what} (drawing pixels)`);
}

/** An operation's author slot. */
export function checkAuthor(author: number): number {
  return checkInteger(author, 0, DRAWING_LIMITS.authors - 1, "author slot");
}

/** An operation's time, milliseconds since the document began. */
export function checkTime(time: number): number {
  return checkInteger(time, 0, DRAWING_LIMITS.documentMs, "operation time (ms since the drawing began)");
}

/** How many operations a document holds. */
export function checkOperationCount(count: number): number {
  if (count <= DRAWING_LIMITS.operations) return count;
  throw new DrawingCodecError(
    "too_many_operations",
    `The drawing log has ${count} operations; at most ${DRAWING_LIMITS.operations} are accepted. Save the picture without its making, or start a new drawing.`,
  );
}

/** How many points a stroke has: at least one, at most the cap. */
export function checkPointCount(count: number): number {
  if (count > DRAWING_LIMITS.pointsPerStroke) {
    throw new DrawingCodecError(
      "too_many_points",
      `A stroke in the drawing log has ${count} points; at most ${DRAWING_LIMITS.pointsPerStroke} are accepted. Lift the pen now and then.`,
    );
  }
  if (count < 1) throw new DrawingCodecError("malformed", "A stroke in the drawing log has no points.");
  return count;
}

/** The refusal of a caption of `lines` lines (and `bytes` UTF-8 bytes of text, when known). */
export function captionTooLong(lines: number, bytes?: number): DrawingCodecError {
  const limits = `at most ${DRAWING_LIMITS.captionLines} lines and ${DRAWING_LIMITS.captionBytes} bytes of text are accepted`;
  const size = bytes === undefined ? `${lines} lines` : `${lines} lines and ${bytes} bytes of text`;
  return new DrawingCodecError(
    "text_too_long",
    `A caption in the drawing log has ${size}; ${limits}. Shorten it.`,
  );
}

/** The refusal of a sticker id of `bytes` UTF-8 bytes. */
export function stickerIdTooLong(bytes: number): DrawingCodecError {
  return new DrawingCodecError(
    "text_too_long",
    `A sticker id in the drawing log is ${bytes} bytes long; at most ${DRAWING_LIMITS.stickerIdBytes} are accepted.`,
  );
}

/** A sticker the page offers (`known`: Fanvas's own ids and the branding's image addresses). */
export function checkSticker(sticker: string, known: ReadonlySet<string>): string {
  if (known.has(sticker)) return sticker;
  const shown = sticker.length > 80 ? `${sticker.slice(0, 80)}...` : sticker;
  throw new DrawingCodecError(
    "unknown_sticker",
    `The drawing log places the sticker "${shown}", which this page does not offer (the branding's stickers may have changed). Save without the making, or remove the sticker.`,
  );
}

const COLOUR = /^#[0-9a-f]{6}$/;

/** A colour the format keeps exactly: #rrggbb in lower case (what the palette and colour inputs give). */
export function checkColour(colour: string, what: string): string {
  if (COLOUR.test(colour)) return colour;
  throw new DrawingCodecError(
    "not_representable",
    `The ${what} "${colour}" is not #rrggbb in lower case, the only form a drawing log keeps.`,
  );
}
