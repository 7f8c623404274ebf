import { ByteReader, unzigzag } from "../drawing-document/byte-reader.ts";
import { ByteWriter, zigzag } from "../drawing-document/byte-writer.ts";
import { decodeDrawing } from "../drawing-document/decode.ts";
import { DRAWING_LIMITS, POINT_GRID, POSITION_RANGE } from "../drawing-document/limits.ts";
import type { StrokeOperation } from "../drawing-document/types.ts";
import { MAX_OP_ID } from "./room-entries.ts";
import {
  checkedVarint,
  document,
  FRAME,
  type FrameOptions,
  finish,
  LIVE_END,
  LIVE_FIRST,
  malformed,
} from "./room-frames.ts";

// The frames that pass through a room without entering its log: strokes while they are drawn, pointers, and the
// server's batches of them (one message per page per turn of its event loop).

/** A live stroke's frame as a page sends it: its op id, flags, and its newest points (a stroke operation). */
export interface LiveSegment {
  readonly strokeId: number;
  readonly flags: number;
  /** Absent when the stroke is over (LIVE_END). */
  readonly stroke?: StrokeOperation;
}

/** A page's live frame. */
export function encodeLive(segment: LiveSegment): Uint8Array {
  const writer = new ByteWriter();
  writer.byte(FRAME.live);
  writer.varint(segment.strokeId);
  writer.byte(segment.flags);
  writer.chunk(segment.stroke === undefined ? new Uint8Array(0) : document([segment.stroke]));
  return writer.bytes();
}

/**
 * Reads a live frame, a page's (`withSlot` false) or the server's (true, with the author's slot first); the
 * points' count is the caller's to limit. `body` is the frame's stroke bytes, for the server to pass on as sent.
 */
export function decodeLive(
  bytes: Uint8Array,
  options: FrameOptions,
  withSlot: boolean,
): LiveSegment & { readonly slot: number; readonly body: Uint8Array; readonly points: number } {
  const reader = new ByteReader(bytes);
  reader.byte();
  const slot = withSlot ? checkedVarint(reader, DRAWING_LIMITS.authors - 1, "author slot") : 0;
  const strokeId = checkedVarint(reader, MAX_OP_ID, "stroke id");
  const flags = reader.byte();
  if (flags > (LIVE_FIRST | LIVE_END)) throw malformed("Unknown live stroke flags");
  const body = reader.chunk(DRAWING_LIMITS.bytes, () => malformed("The live stroke is too long"));
  finish(reader);
  if (body.length === 0) {
    if ((flags & LIVE_END) === 0) throw malformed("A live frame without points must end its stroke");
    return { slot, strokeId, flags, body, points: 0 };
  }
  const operations = decodeDrawing(body, { stickers: options.stickers }).operations;
  const stroke = operations[0];
  if (operations.length !== 1 || stroke?.kind !== "stroke")
    throw malformed("A live frame carries exactly one stroke");
  return { slot, strokeId, flags, stroke, body, points: stroke.points.x.length };
}

/** The server's live frame for everyone else: the author's slot, then the page's frame as it was checked. */
export function relayLive(
  slot: number,
  segment: { strokeId: number; flags: number; body: Uint8Array },
): Uint8Array {
  const writer = new ByteWriter();
  writer.byte(FRAME.live);
  writer.varint(slot);
  writer.varint(segment.strokeId);
  writer.byte(segment.flags);
  writer.chunk(segment.body);
  return writer.bytes();
}

/** A pointer position (drawing pixels, on the stroke grid), or undefined: the pointer left the drawing. */
export type PointerAt = { readonly x: number; readonly y: number } | undefined;

/** A pointer frame; `slot` only from the server. */
export function encodePointer(at: PointerAt, slot?: number): Uint8Array {
  const writer = new ByteWriter();
  writer.byte(FRAME.pointer);
  if (slot !== undefined) writer.varint(slot);
  writer.byte(at === undefined ? 0 : 1);
  if (at !== undefined) {
    writer.varint(zigzag(Math.round(at.x * POINT_GRID)));
    writer.varint(zigzag(Math.round(at.y * POINT_GRID)));
  }
  return writer.bytes();
}

/** Reads a pointer frame (a page's, or with `withSlot` the server's). */
export function decodePointer(bytes: Uint8Array, withSlot: boolean): { slot: number; at: PointerAt } {
  const reader = new ByteReader(bytes);
  reader.byte();
  const slot = withSlot ? checkedVarint(reader, DRAWING_LIMITS.authors - 1, "author slot") : 0;
  const shown = reader.byte();
  if (shown > 1) throw malformed("A pointer is shown (1) or gone (0)");
  if (shown === 0) {
    finish(reader);
    return { slot, at: undefined };
  }
  const x = unzigzag(reader.varint()) / POINT_GRID;
  const y = unzigzag(reader.varint()) / POINT_GRID;
  finish(reader);
  for (const value of [x, y]) {
    if (!(value >= POSITION_RANGE.min && value <= POSITION_RANGE.max))
      throw malformed("A pointer off the drawing");
  }
  return { slot, at: { x, y } };
}

/** Several server frames in one message (each length-prefixed), so a busy room costs one send per page. */
export function encodeBatch(frames: readonly Uint8Array[]): Uint8Array {
  const writer = new ByteWriter();
  writer.byte(FRAME.batch);
  for (const frame of frames) writer.chunk(frame);
  return writer.bytes();
}

/** The frames of a batch. */
export function decodeBatch(bytes: Uint8Array): Uint8Array[] {
  const reader = new ByteReader(bytes);
  reader.byte();
  const frames: Uint8Array[] = [];
  while (reader.remaining > 0) frames.push(reader.chunk(bytes.length, () => malformed("A batch's frame")));
  return frames;
}
