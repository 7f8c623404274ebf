import { DRAWING_ID_PATTERN } from "../api.ts";
import { ByteWriter } from "./byte-writer.ts";
import { checkAuthor, checkOperationCount, checkTime } from "./checks.ts";
import { DrawingCodecError } from "./errors.ts";
import { DRAWING_FORMAT_VERSION, DRAWING_LIMITS, DRAWING_MAGIC } from "./limits.ts";
import { keepEachOwnBytes, keptBytes } from "./operation-bytes.ts";
import { OPERATION_KINDS, START_KINDS } from "./operation-codes.ts";
import { writeStroke } from "./stroke-codec.ts";
import { writeCaption, writeFill, writeSticker } from "./tool-codec.ts";
import type { DrawingDocument, Operation, StartingPicture } from "./types.ts";

function writeStart(writer: ByteWriter, start: StartingPicture): void {
  writer.byte(START_KINDS.indexOf(start.kind));
  if (start.kind !== "drawing") return;
  if (!DRAWING_ID_PATTERN.test(start.id)) {
    throw new DrawingCodecError(
      "out_of_range",
      `The remixed drawing's id "${start.id}" is not a drawing id.`,
    );
  }
  writer.chunk(new TextEncoder().encode(start.id));
}

function writeOperation(writer: ByteWriter, operation: Operation): void {
  switch (operation.kind) {
    case "stroke":
      writeStroke(writer, operation);
      return;
    case "caption":
      writeCaption(writer, operation);
      return;
    case "sticker":
      writeSticker(writer, operation);
      return;
    case "fill":
      writeFill(writer, operation);
      return;
    case "clear":
      return;
  }
}

/**
 * The document as the format's bytes (version DRAWING_FORMAT_VERSION; docs/decisions/0020). Throws
 * DrawingCodecError for a document the decoder would refuse (over a cap, out of range) or one the format cannot
 * keep exactly (a stroke point off the grid, a colour not #rrggbb); whatever it returns decodes to `document`.
 */
export function encodeDrawing(document: DrawingDocument): Uint8Array {
  const writer = new ByteWriter();
  for (const byte of DRAWING_MAGIC) writer.byte(byte);
  writer.varint(DRAWING_FORMAT_VERSION);
  writeStart(writer, document.start);
  writer.varint(checkOperationCount(document.operations.length));
  let previousTime = 0;
  // The operations written afresh, and where each one's own bytes start and end: kept once the log is whole.
  const written: Operation[] = [];
  const ranges: number[] = [];
  for (const operation of document.operations) {
    writer.byte(OPERATION_KINDS.indexOf(operation.kind));
    writer.varint(checkAuthor(operation.author));
    writer.signed(checkTime(operation.time) - previousTime);
    previousTime = operation.time;
    const known = keptBytes(operation);
    if (known !== undefined) writer.raw(known);
    else {
      written.push(operation);
      ranges.push(writer.length);
      writeOperation(writer, operation);
      ranges.push(writer.length);
    }
  }
  if (writer.length > DRAWING_LIMITS.bytes) {
    throw new DrawingCodecError(
      "too_large",
      `The drawing log is ${writer.length} bytes; at most ${DRAWING_LIMITS.bytes} are accepted. Save the picture without its making.`,
    );
  }
  const bytes = writer.bytes();
  keepEachOwnBytes(bytes, written, ranges);
  return bytes;
}
