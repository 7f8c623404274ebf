import { ByteReader } from "../drawing-document/byte-reader.ts";
import { ByteWriter } from "../drawing-document/byte-writer.ts";
import { decodeDrawing } from "../drawing-document/decode.ts";
import { encodeDrawing } from "../drawing-document/encode.ts";
import { DrawingCodecError } from "../drawing-document/errors.ts";
import { DRAWING_LIMITS } from "../drawing-document/limits.ts";
import type { Operation, StartingPicture } from "../drawing-document/types.ts";
import { MAX_OP_ID, ROOM_ENTRY_KINDS, type RoomEntry, type SubmittedEntry } from "./room-entries.ts";

// A room's binary WebSocket frames. The first byte says what a frame is; numbers are varints; the operations
// a frame carries travel as one small drawing document, read by the same bounded decoder as an upload
// (docs/decisions/0020), so a frame is refused with DrawingCodecError and nothing else.

/** A frame's first byte. */
export const FRAME = {
  /** Page to server: entries to add to the log. */
  submit: 1,
  /** Server to page: entries of the log, in order, from a seq on. */
  entries: 2,
  /** Both ways: points of a stroke being drawn (the server adds its author's slot). */
  live: 3,
  /** Both ways: where a person's pointer is over the drawing (the server adds the slot). */
  pointer: 4,
  /** Server to page: the drawing so far (what a late joiner starts from). */
  snapshot: 5,
  /** Server to page: several live and pointer frames, each length-prefixed. */
  batch: 6,
  /** Server to page: the room's picture at a seq (room-picture.ts), sent before the snapshot it shortens. */
  picture: 8,
  /** Host's page to server: one part of the room's picture. */
  picturePart: 9,
} as const;

/** Live stroke flags: its first points (the style is the stroke's), or the stroke is over (no points). */
export const LIVE_FIRST = 1;
export const LIVE_END = 2;

/** The entries one submit frame may hold (an offline queue is sent in frames of this many). */
export const MAX_SUBMIT_ENTRIES = 64;
const FORMAT_ERROR = "The room message is damaged or was not sent by Fanvas's page; reload the page.";

/** Stickers a room's decoder accepts (knownStickers). */
export interface FrameOptions {
  readonly stickers: ReadonlySet<string>;
}

/** The refusal of a frame that is not one of ours. */
export function malformed(detail: string): DrawingCodecError {
  return new DrawingCodecError("malformed", `${detail}. ${FORMAT_ERROR}`);
}

/** A varint of at most `max`. */
export function checkedVarint(reader: ByteReader, max: number, what: string): number {
  const value = reader.varint();
  if (value > max) throw malformed(`The ${what} ${value} is out of range`);
  return value;
}

/** Operations as one small document (the start matters only to a snapshot). */
export const document = (operations: readonly Operation[], start: StartingPicture = { kind: "white" }) =>
  encodeDrawing({ start, operations });

function readOperations(reader: ByteReader, options: FrameOptions): readonly Operation[] {
  const bytes = reader.chunk(DRAWING_LIMITS.bytes, () => malformed("The frame's operations are too long"));
  return decodeDrawing(bytes, { stickers: options.stickers }).operations;
}

/** Refuses bytes after a frame's end. */
export function finish(reader: ByteReader): void {
  if (reader.remaining > 0) throw malformed("The frame has bytes after its end");
}

/** A submit frame: the author's entries, in order. */
export function encodeSubmit(entries: readonly SubmittedEntry[]): Uint8Array {
  const writer = new ByteWriter();
  writer.byte(FRAME.submit);
  writer.varint(entries.length);
  const operations: Operation[] = [];
  for (const entry of entries) {
    writer.byte(ROOM_ENTRY_KINDS.indexOf(entry.kind));
    writer.varint(entry.opId);
    if (entry.kind === "op") operations.push(entry.op);
  }
  writer.chunk(document(operations));
  return writer.bytes();
}

/** Reads a submit frame (its first byte already known to be FRAME.submit). */
export function decodeSubmit(bytes: Uint8Array, options: FrameOptions): SubmittedEntry[] {
  const reader = new ByteReader(bytes);
  reader.byte();
  const count = reader.count(2);
  if (count === 0 || count > MAX_SUBMIT_ENTRIES)
    throw malformed(`A submit frame holds 1 to ${MAX_SUBMIT_ENTRIES} entries, not ${count}`);
  const heads: { kind: "op" | "undo" | "redo"; opId: number }[] = [];
  for (let index = 0; index < count; index += 1) {
    const kind = ROOM_ENTRY_KINDS[reader.byte()];
    if (kind !== "op" && kind !== "undo" && kind !== "redo")
      throw malformed("A page may submit op, undo or redo");
    const opId = checkedVarint(reader, MAX_OP_ID, "operation id");
    if (opId === 0) throw malformed("An operation id is 1 or more");
    heads.push({ kind, opId });
  }
  const operations = readOperations(reader, options);
  finish(reader);
  const expected = heads.filter((head) => head.kind === "op").length;
  if (operations.length !== expected)
    throw malformed(`The frame names ${expected} operations and carries ${operations.length}`);
  let next = 0;
  return heads.map((head) => {
    if (head.kind !== "op") return { kind: head.kind, opId: head.opId };
    const op = operations[next++] as Operation;
    return { kind: "op", opId: head.opId, op };
  });
}

/** An entries frame: consecutive entries of the log (the first's seq, then each entry). */
export function encodeEntries(entries: readonly RoomEntry[]): Uint8Array {
  const writer = new ByteWriter();
  writer.byte(FRAME.entries);
  writer.varint(entries[0]?.seq ?? 1);
  writer.varint(entries.length);
  const operations: Operation[] = [];
  for (const entry of entries) {
    writer.byte(ROOM_ENTRY_KINDS.indexOf(entry.kind));
    writer.varint(entry.author);
    writer.varint(entry.opId);
    if (entry.kind === "remove") writer.varint(entry.target);
    if (entry.kind === "op") operations.push(entry.op);
  }
  writer.chunk(document(operations));
  return writer.bytes();
}

/** Reads an entries frame. */
export function decodeEntries(bytes: Uint8Array, options: FrameOptions): RoomEntry[] {
  const reader = new ByteReader(bytes);
  reader.byte();
  const first = checkedVarint(reader, Number.MAX_SAFE_INTEGER, "first seq");
  const count = reader.count(3);
  const heads: { kind: (typeof ROOM_ENTRY_KINDS)[number]; author: number; opId: number; target: number }[] =
    [];
  for (let index = 0; index < count; index += 1) {
    const kind = ROOM_ENTRY_KINDS[reader.byte()];
    if (kind === undefined) throw malformed("An entry of unknown kind");
    const author = checkedVarint(reader, DRAWING_LIMITS.authors - 1, "author slot");
    const opId = checkedVarint(reader, MAX_OP_ID, "operation id");
    const target = kind === "remove" ? checkedVarint(reader, DRAWING_LIMITS.authors - 1, "slot") : 0;
    heads.push({ kind, author, opId, target });
  }
  const operations = readOperations(reader, options);
  finish(reader);
  let next = 0;
  return heads.map((head, index): RoomEntry => {
    const base = { seq: first + index, author: head.author, opId: head.opId };
    if (head.kind === "op") {
      const op = operations[next++];
      if (op === undefined) throw malformed("An op entry without its operation");
      return { ...base, kind: "op", op };
    }
    if (head.kind === "remove") return { ...base, kind: "remove", target: head.target };
    return { ...base, kind: head.kind };
  });
}
