/** The one error the drawing codec throws: a code a program can branch on and a message a person can act on. */

/**
 * Why a log was refused:
 * - too_large, too_many_operations, too_many_points, text_too_long: over one of DRAWING_LIMITS;
 * - not_a_drawing: the bytes are not a Fanvas drawing log (another file, or empty);
 * - unknown_version: written by a Fanvas this code does not know (newer, or damaged);
 * - truncated: the bytes stop in the middle; trailing_bytes: something follows the last operation;
 * - malformed: a value no encoder writes (an unknown kind, a broken number or text);
 * - out_of_range: a position off the drawing's area, a time, size, width or colour outside its bounds;
 * - unknown_sticker: a sticker this page does not offer;
 * - not_representable (encoding only): a value the format cannot keep exactly (a point off the grid).
 */
export type DrawingCodecErrorCode =
  | "too_large"
  | "not_a_drawing"
  | "unknown_version"
  | "truncated"
  | "trailing_bytes"
  | "malformed"
  | "too_many_operations"
  | "too_many_points"
  | "text_too_long"
  | "out_of_range"
  | "unknown_sticker"
  | "not_representable";

/** A drawing log the codec refuses to read or write; nothing else escapes the decoder. */
export class DrawingCodecError extends Error {
  readonly code: DrawingCodecErrorCode;

  constructor(code: DrawingCodecErrorCode, message: string) {
    super(message);
    this.name = "DrawingCodecError";
    this.code = code;
  }
}

/** Whether `error` is the codec's refusal (rather than a fault of the code around it). */
export function isDrawingCodecError(error: unknown): error is DrawingCodecError {
  return error instanceof DrawingCodecError;
}
