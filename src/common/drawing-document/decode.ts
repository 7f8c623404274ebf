import { DRAWING_ID_PATTERN } from "../api.ts";
import { ByteReader } from "./byte-reader.ts";
import { checkAuthor, checkOperationCount, checkTime } from "./checks.ts";
import { DrawingCodecError } from "./errors.ts";
import { DRAWING_FORMAT_VERSION, DRAWING_LIMITS, DRAWING_MAGIC } from "./limits.ts";
import type { DecodeMeter } from "./meter.ts";
import { keepEachOwnBytes } from "./operation-bytes.ts";
import { OPERATION_KINDS, START_KINDS } from "./operation-codes.ts";
import { readStroke } from "./stroke-codec.ts";
import { readCaption, readFill, readSticker } from "./tool-codec.ts";
import type { DrawingDocument, Operation, OperationBase, StartingPicture } from "./types.ts";

/** What the decoder needs from its caller. */
export interface DecodeOptions {
  /** The stickers the page offers: Fanvas's own ids and the branding's image addresses (knownStickers). */
  readonly stickers: ReadonlySet<string>;
  /** Counts the work done, for tests (see DecodeMeter). */
  readonly meter?: DecodeMeter;
}

/** An operation takes at least three bytes: its kind, author and time. */
const MIN_OPERATION_BYTES = 3;

function readHeader(reader: ByteReader): void {
  for (const expected of DRAWING_MAGIC) {
    if (reader.remaining === 0 || reader.byte() !== expected) {
      throw new DrawingCodecError(
        "not_a_drawing",
        "These bytes are not a Fanvas drawing log (it starts with FVDR); send the log the page encoded.",
      );
    }
  }
  const version = reader.varint();
  if (version !== DRAWING_FORMAT_VERSION) {
    throw new DrawingCodecError(
      "unknown_version",
      `The drawing log is format version ${version}; this Fanvas reads version ${DRAWING_FORMAT_VERSION}. Reload the page (it may be older than the server) and save again.`,
    );
  }
}

function readStart(reader: ByteReader): StartingPicture {
  const kindByte = reader.byte();
  const kind = START_KINDS[kindByte];
  if (kind === undefined)
    throw new DrawingCodecError("malformed", `The drawing log starts from an unknown picture (${kindByte}).`);
  if (kind !== "drawing") return { kind };
  const id = reader.text(
    12,
    () => new DrawingCodecError("malformed", "The remixed drawing's id is too long."),
  );
  if (!DRAWING_ID_PATTERN.test(id))
    throw new DrawingCodecError(
      "malformed",
      "The drawing log remixes a drawing whose id is not a drawing id.",
    );
  return { kind, id };
}

/**
 * Reads one operation: its kind, author and time (a difference from `previousTime`), then its own bytes, whose
 * start and end go on `ownBytes` when kept.
 */
function readOperation(
  reader: ByteReader,
  previousTime: number,
  options: DecodeOptions,
  ownBytes: number[] | null,
): Operation {
  const kindByte = reader.byte();
  const author = checkAuthor(reader.varint());
  const base: OperationBase = { author, time: checkTime(previousTime + reader.signed()) };
  ownBytes?.push(reader.offset);
  const operation = readOwnBytes(reader, kindByte, base, options, ownBytes !== null);
  ownBytes?.push(reader.offset);
  return operation;
}

/** The operation of kind `kindByte` from its own bytes (see readOperation). */
function readOwnBytes(
  reader: ByteReader,
  kindByte: number,
  base: OperationBase,
  options: DecodeOptions,
  keep: boolean,
): Operation {
  switch (OPERATION_KINDS[kindByte]) {
    case "stroke":
      return readStroke(reader, base, options.meter, keep);
    case "caption":
      return readCaption(reader, base, options.meter);
    case "sticker":
      return readSticker(reader, base, options.stickers, options.meter);
    case "fill":
      return readFill(reader, base);
    case "clear":
      return { kind: "clear", ...base };
    default:
      throw new DrawingCodecError(
        "malformed",
        `The drawing log has an operation of unknown kind (${kindByte}).`,
      );
  }
}

/**
 * Reads a drawing log from untrusted bytes (an upload, a room's message, a backup). Throws DrawingCodecError and
 * nothing else for anything but a log within DRAWING_LIMITS whose every value is in range; its work is bounded
 * by the input's length (every value read consumes a byte; nothing is allocated for bytes that are not there).
 */
export function decodeDrawing(bytes: Uint8Array, options: DecodeOptions): DrawingDocument {
  return readDrawing(bytes, options, true);
}

/**
 * Checks a drawing log exactly as decodeDrawing reads it (the same reads, refusals, caps and bounded work) without
 * keeping what it holds, and answers where it starts: for a server that stores the bytes it checked and never
 * draws them, at about two thirds of decoding's cost.
 */
export function checkDrawing(bytes: Uint8Array, options: DecodeOptions): StartingPicture {
  return readDrawing(bytes, options, false).start;
}

function readDrawing(bytes: Uint8Array, options: DecodeOptions, keep: boolean): DrawingDocument {
  if (bytes.length > DRAWING_LIMITS.bytes) {
    throw new DrawingCodecError(
      "too_large",
      `The drawing log is ${bytes.length} bytes; at most ${DRAWING_LIMITS.bytes} are accepted. Save the picture without its making.`,
    );
  }
  const reader = new ByteReader(bytes);
  readHeader(reader);
  const start = readStart(reader);
  const count = checkOperationCount(reader.count(MIN_OPERATION_BYTES));
  const operations: Operation[] = [];
  const ownBytes = keep ? [] : null;
  let time = 0;
  for (let index = 0; index < count; index += 1) {
    if (options.meter !== undefined) options.meter.work += 1;
    const operation = readOperation(reader, time, options, ownBytes);
    time = operation.time;
    if (keep) operations.push(operation);
  }
  if (reader.remaining > 0) {
    throw new DrawingCodecError(
      "trailing_bytes",
      `The drawing log has ${reader.remaining} bytes after its last operation; it is damaged or two logs were joined.`,
    );
  }
  // Kept, a later encode of the same operations (a save of a restored drawing) joins these bytes again.
  if (ownBytes !== null) keepEachOwnBytes(bytes, operations, ownBytes);
  return { start, operations };
}
