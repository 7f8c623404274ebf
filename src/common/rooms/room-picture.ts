import { ByteReader } from "../drawing-document/byte-reader.ts";
import { ByteWriter } from "../drawing-document/byte-writer.ts";
import { checkedVarint, FRAME, finish, malformed } from "./room-frames.ts";

// A room's picture: a PNG of the room's drawing as the log had made it at one seq, which a late joiner paints
// at once and then paints only the operations after it, instead of replaying the whole log. The host's page
// makes it (its canvas already shows the log) and sends it in parts, as a message is at most ROOM_MESSAGE_KB;
// the server checks it is a 600 x 600 PNG of the log as it stands and hands it to late joiners whole.

/**
 * The most bytes of a picture's PNG: 600 x 600 pixels of noise, the worst a PNG of the canvas can be, take about
 * 1.45 MB (its raw RGBA and a little), and a host's socket holds at most this much while the parts come in.
 */
export const MAX_PICTURE_BYTES = 1536 * 1024;
/** The most bytes of one part the page sends (under the smallest ROOM_MESSAGE_KB, 16 KiB, with room for its head). */
export const PICTURE_PART_BYTES = 15 * 1024;
/** The most parts of one picture. */
export const MAX_PICTURE_PARTS = Math.ceil(MAX_PICTURE_BYTES / PICTURE_PART_BYTES);

/** Where a picture stands in the log: through `seq`, holding the first `painted` operations painted then. */
export interface PictureMark {
  readonly seq: number;
  readonly painted: number;
}

/** One part of a picture, as the host's page sends it. */
export interface PicturePart extends PictureMark {
  readonly part: number;
  readonly parts: number;
  readonly bytes: Uint8Array;
}

/** A whole picture, as the server sends it to a page. */
export interface RoomPicture extends PictureMark {
  readonly png: Uint8Array;
}

function writeMark(writer: ByteWriter, type: number, mark: PictureMark): void {
  writer.byte(type);
  writer.varint(mark.seq);
  writer.varint(mark.painted);
}

function readMark(reader: ByteReader, type: number, what: string): PictureMark {
  if (reader.byte() !== type) throw malformed(`Not a ${what} frame`);
  const seq = checkedVarint(reader, Number.MAX_SAFE_INTEGER, "picture's seq");
  const painted = checkedVarint(reader, seq, "picture's operation count");
  if (seq === 0) throw malformed("A picture is of the log through seq 1 or later");
  return { seq, painted };
}

/** The parts a page sends for `png`, each a frame. */
export function encodePictureParts(mark: PictureMark, png: Uint8Array): Uint8Array[] {
  if (png.length === 0 || png.length > MAX_PICTURE_BYTES)
    throw malformed(`A picture is 1 to ${MAX_PICTURE_BYTES} bytes, not ${png.length}`);
  const parts = Math.ceil(png.length / PICTURE_PART_BYTES);
  return Array.from({ length: parts }, (_, part) => {
    const writer = new ByteWriter();
    writeMark(writer, FRAME.picturePart, mark);
    writer.varint(part);
    writer.varint(parts);
    writer.chunk(png.subarray(part * PICTURE_PART_BYTES, (part + 1) * PICTURE_PART_BYTES));
    return writer.bytes();
  });
}

/** Reads one part (its first byte FRAME.picturePart); refuses a part out of its picture's bounds. */
export function decodePicturePart(bytes: Uint8Array): PicturePart {
  const reader = new ByteReader(bytes);
  const mark = readMark(reader, FRAME.picturePart, "picture part");
  const part = checkedVarint(reader, MAX_PICTURE_PARTS - 1, "picture part's index");
  const parts = checkedVarint(reader, MAX_PICTURE_PARTS, "picture's part count");
  if (part >= parts) throw malformed(`Part ${part} of a picture of ${parts} parts`);
  const chunk = reader.chunk(PICTURE_PART_BYTES, (length) =>
    malformed(`A picture's part is at most ${PICTURE_PART_BYTES} bytes, not ${length}`),
  );
  if (chunk.length === 0) throw malformed("A picture's part is empty");
  finish(reader);
  return { ...mark, part, parts, bytes: chunk };
}

/** A whole picture as one frame, server to page. */
export function encodePicture(picture: RoomPicture): Uint8Array {
  const writer = new ByteWriter();
  writeMark(writer, FRAME.picture, picture);
  writer.chunk(picture.png);
  return writer.bytes();
}

/** Reads a picture frame. */
export function decodePicture(bytes: Uint8Array): RoomPicture {
  const reader = new ByteReader(bytes);
  const mark = readMark(reader, FRAME.picture, "picture");
  const png = reader.chunk(MAX_PICTURE_BYTES, (length) =>
    malformed(`A picture is at most ${MAX_PICTURE_BYTES} bytes, not ${length}`),
  );
  finish(reader);
  return { ...mark, png };
}

/** Gathers a picture's parts, in order; the whole PNG once the last came, a refusal when one is out of place. */
export class PictureAssembly {
  #mark: PictureMark | undefined;
  #chunks: Uint8Array[] = [];
  #parts = 0;
  #bytes = 0;

  /** Adds a part; the picture once whole, undefined while parts are missing. Throws on a part out of order. */
  add(part: PicturePart): RoomPicture | undefined {
    if (part.part === 0) {
      this.#mark = { seq: part.seq, painted: part.painted };
      this.#chunks = [];
      this.#parts = part.parts;
      this.#bytes = 0;
    } else if (
      this.#mark === undefined ||
      this.#mark.seq !== part.seq ||
      this.#mark.painted !== part.painted ||
      this.#parts !== part.parts ||
      this.#chunks.length !== part.part
    ) {
      this.#mark = undefined;
      throw malformed(`A picture's part ${part.part} came out of order`);
    }
    this.#bytes += part.bytes.length;
    if (this.#bytes > MAX_PICTURE_BYTES) throw malformed(`A picture is at most ${MAX_PICTURE_BYTES} bytes`);
    this.#chunks.push(part.bytes);
    if (this.#chunks.length < this.#parts) return undefined;
    const png = new Uint8Array(this.#bytes);
    let offset = 0;
    for (const chunk of this.#chunks) {
      png.set(chunk, offset);
      offset += chunk.length;
    }
    const mark = this.#mark as PictureMark;
    this.#mark = undefined;
    this.#chunks = [];
    return { ...mark, png };
  }
}
