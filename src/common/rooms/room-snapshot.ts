import { ByteReader } from "../drawing-document/byte-reader.ts";
import { ByteWriter } from "../drawing-document/byte-writer.ts";
import { decodeDrawing } from "../drawing-document/decode.ts";
import { encodeDrawing } from "../drawing-document/encode.ts";
import { DrawingCodecError } from "../drawing-document/errors.ts";
import { DRAWING_LIMITS } from "../drawing-document/limits.ts";
import { MAX_OP_ID } from "./room-entries.ts";
import { FRAME, type FrameOptions } from "./room-frames.ts";
import { type RoomItem, RoomState } from "./room-state.ts";

// A room's state as one frame (and one stored value): its log folded. The kept operations travel as one drawing
// document with the room's starting picture, so a late joiner decodes one document and paints it, however
// long the log that made it.

const malformed = (detail: string) =>
  new DrawingCodecError("malformed", `The room's snapshot is damaged (${detail}); reload the page.`);

/** The state as a snapshot frame (compact it first: only what can still be seen or redone is needed). */
export function encodeSnapshot(state: RoomState): Uint8Array {
  const writer = new ByteWriter();
  writer.byte(FRAME.snapshot);
  writer.varint(state.through);
  writer.byte(state.locked ? 1 : 0);
  writer.varint(state.items.length);
  let previous = 0;
  for (const item of state.items) {
    writer.varint(item.seq - previous);
    previous = item.seq;
    writer.varint(item.opId);
    writer.byte(item.on ? 1 : 0);
  }
  const stacks = [...state.redo].filter(([, seqs]) => seqs.length > 0);
  writer.varint(stacks.length);
  for (const [author, seqs] of stacks) {
    writer.varint(author);
    writer.varint(seqs.length);
    for (const seq of seqs) writer.varint(seq);
  }
  writer.chunk(encodeDrawing({ start: state.start, operations: state.items.map((item) => item.op) }));
  return writer.bytes();
}

/** Reads a snapshot frame back into a state (bounded as the drawing decoder is). */
export function decodeSnapshot(bytes: Uint8Array, options: FrameOptions): RoomState {
  const reader = new ByteReader(bytes);
  if (reader.byte() !== FRAME.snapshot) throw malformed("not a snapshot");
  const through = reader.varint();
  const locked = reader.byte() === 1;
  const count = reader.count(3);
  if (count > DRAWING_LIMITS.operations) throw malformed("too many operations");
  const heads: { seq: number; opId: number; on: boolean }[] = [];
  let seq = 0;
  for (let index = 0; index < count; index += 1) {
    seq += reader.varint();
    const opId = reader.varint();
    if (opId > MAX_OP_ID || seq > through) throw malformed("an operation out of range");
    heads.push({ seq, opId, on: reader.byte() === 1 });
  }
  const redo = new Map<number, number[]>();
  const stacks = reader.count(2);
  for (let index = 0; index < stacks; index += 1) {
    const author = reader.varint();
    const length = reader.count(1);
    const seqs: number[] = [];
    for (let position = 0; position < length; position += 1) seqs.push(reader.varint());
    redo.set(author, seqs);
  }
  const bytesOfDocument = reader.chunk(DRAWING_LIMITS.bytes, () => malformed("its drawing is too long"));
  if (reader.remaining > 0) throw malformed("bytes after its end");
  const document = decodeDrawing(bytesOfDocument, options);
  if (document.operations.length !== heads.length) throw malformed("operations and their places differ");
  const items: RoomItem[] = heads.map((head, index) => ({
    ...head,
    op: document.operations[index] as RoomItem["op"],
  }));
  return new RoomState(document.start, through, locked, items, redo);
}
