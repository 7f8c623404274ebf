/**
 * The bytes of the operations tools other than the brush make: captions, stickers, fills. There are few of them
 * in a drawing, so their positions and sizes are kept as 64-bit floats, exactly as the page computed them.
 */
import { CANVAS_SIZE } from "../constants.ts";
import { type ByteReader, utf8Text } from "./byte-reader.ts";
import type { ByteWriter } from "./byte-writer.ts";
import {
  captionTooLong,
  checkColour,
  checkInteger,
  checkNumber,
  checkPosition,
  checkSticker,
  stickerIdTooLong,
} from "./checks.ts";
import { DrawingCodecError } from "./errors.ts";
import { DRAWING_LIMITS, MAX_FILL_TOLERANCE } from "./limits.ts";
import type { DecodeMeter } from "./meter.ts";
import type {
  CaptionAlign,
  CaptionLine,
  CaptionOperation,
  FillOperation,
  OperationBase,
  StickerOperation,
} from "./types.ts";

/** Text alignments by their byte. */
const ALIGNS: readonly CaptionAlign[] = ["left", "center", "right"];

/**
 * The smallest size a caption or sticker may have: one pixel. Below it a browser's text and image drawing rounds
 * differently from one call to the next, so a log could not promise the same pixels each time it is painted.
 */
const SMALLEST = 1;

const encoder = new TextEncoder();

/**
 * A surrogate alone: with the u flag a pair is one code point and does not match. (String's isWellFormed says
 * the same but is missing from Safari before 16.4.)
 */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** `text` as UTF-8, refused when it holds a lone surrogate (UTF-8 could not give it back). */
function utf8(text: string, what: string): Uint8Array {
  if (LONE_SURROGATE.test(text)) {
    throw new DrawingCodecError(
      "not_representable",
      `The ${what} holds a broken character (a lone surrogate).`,
    );
  }
  return encoder.encode(text);
}

/** Writes a caption's payload: alignment, size, colours, outline width, then each line's text, x and baseline. */
export function writeCaption(writer: ByteWriter, caption: CaptionOperation): void {
  const lines = caption.lines.map((line) => utf8(line.text, "caption"));
  const bytes = lines.reduce((total, line) => total + line.length, 0);
  if (lines.length > DRAWING_LIMITS.captionLines || bytes > DRAWING_LIMITS.captionBytes)
    throw captionTooLong(lines.length, bytes);
  if (lines.length === 0) throw new DrawingCodecError("malformed", "A caption has no lines.");
  writer.byte(checkInteger(ALIGNS.indexOf(caption.align), 0, ALIGNS.length - 1, "caption alignment"));
  writer.float(checkNumber(caption.size, SMALLEST, CANVAS_SIZE, "caption size"));
  writer.colour(checkColour(caption.colour, "caption colour"));
  writer.colour(checkColour(caption.outlineColour, "caption outline colour"));
  writer.float(checkNumber(caption.outlineWidth, 0, CANVAS_SIZE, "caption outline width"));
  writer.varint(lines.length);
  caption.lines.forEach((line, index) => {
    writer.chunk(lines[index] ?? new Uint8Array());
    writer.float(checkPosition(line.x, "caption x"));
    writer.float(checkPosition(line.baseline, "caption baseline"));
  });
}

/** Reads a caption's payload (see writeCaption); `base` is its operation's author and time. */
export function readCaption(
  reader: ByteReader,
  base: OperationBase,
  meter: DecodeMeter | undefined,
): CaptionOperation {
  const alignByte = reader.byte();
  const align = ALIGNS[alignByte];
  if (align === undefined)
    throw new DrawingCodecError("malformed", `A caption has an unknown alignment (${alignByte}).`);
  const size = checkNumber(reader.float(), SMALLEST, CANVAS_SIZE, "caption size");
  const colour = reader.colour();
  const outlineColour = reader.colour();
  const outlineWidth = checkNumber(reader.float(), 0, CANVAS_SIZE, "caption outline width");
  // A line takes at least 17 bytes (its length, x and baseline).
  const count = reader.count(17);
  if (count > DRAWING_LIMITS.captionLines) throw captionTooLong(count);
  if (count === 0) throw new DrawingCodecError("malformed", "A caption in the drawing log has no lines.");
  const lines: CaptionLine[] = [];
  let bytes = 0;
  for (let index = 0; index < count; index += 1) {
    const raw = reader.chunk(DRAWING_LIMITS.captionBytes - bytes, (length) =>
      captionTooLong(count, bytes + length),
    );
    bytes += raw.length;
    if (meter !== undefined) meter.work += 1 + raw.length;
    const text = utf8Text(raw);
    const x = checkPosition(reader.float(), "caption x");
    lines.push({ text, x, baseline: checkPosition(reader.float(), "caption baseline") });
  }
  return { kind: "caption", ...base, lines, size, colour, outlineColour, outlineWidth, align };
}

/** Writes a sticker's payload: its id, then centre, width and turn. */
export function writeSticker(writer: ByteWriter, sticker: StickerOperation): void {
  const id = utf8(sticker.sticker, "sticker id");
  if (id.length > DRAWING_LIMITS.stickerIdBytes) throw stickerIdTooLong(id.length);
  writer.chunk(id);
  writer.float(checkPosition(sticker.x, "sticker x"));
  writer.float(checkPosition(sticker.y, "sticker y"));
  writer.float(checkNumber(sticker.size, SMALLEST, CANVAS_SIZE, "sticker size"));
  writer.float(checkNumber(sticker.rotation, -Math.PI, Math.PI, "sticker rotation"));
}

/** Reads a sticker's payload, refusing a sticker not in `known`; `base` is its author and time. */
export function readSticker(
  reader: ByteReader,
  base: OperationBase,
  known: ReadonlySet<string>,
  meter: DecodeMeter | undefined,
): StickerOperation {
  const sticker = checkSticker(reader.text(DRAWING_LIMITS.stickerIdBytes, stickerIdTooLong), known);
  if (meter !== undefined) meter.work += 1 + sticker.length;
  const x = checkPosition(reader.float(), "sticker x");
  const y = checkPosition(reader.float(), "sticker y");
  const size = checkNumber(reader.float(), SMALLEST, CANVAS_SIZE, "sticker size");
  const rotation = checkNumber(reader.float(), -Math.PI, Math.PI, "sticker rotation");
  return { kind: "sticker", ...base, sticker, x, y, size, rotation };
}

/** Writes a fill's payload: the pixel, the colour, the tolerance. */
export function writeFill(writer: ByteWriter, fill: FillOperation): void {
  writer.varint(checkInteger(fill.x, 0, CANVAS_SIZE - 1, "fill x"));
  writer.varint(checkInteger(fill.y, 0, CANVAS_SIZE - 1, "fill y"));
  writer.colour(checkColour(fill.colour, "fill colour"));
  writer.byte(checkInteger(fill.tolerance, 0, MAX_FILL_TOLERANCE, "fill tolerance"));
}

/** Reads a fill's payload; `base` is its operation's author and time. */
export function readFill(reader: ByteReader, base: OperationBase): FillOperation {
  const x = checkInteger(reader.varint(), 0, CANVAS_SIZE - 1, "fill x");
  const y = checkInteger(reader.varint(), 0, CANVAS_SIZE - 1, "fill y");
  const colour = reader.colour();
  const tolerance = reader.byte();
  return { kind: "fill", ...base, x, y, colour, tolerance };
}
