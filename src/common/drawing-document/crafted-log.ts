/**
 * Drawing logs written byte by byte, for the decoder's refusal tests: what no encoder writes (values out of range,
 * over a cap, malformed), so each refusal can be met exactly.
 */
import { ByteWriter } from "./byte-writer.ts";
import { DRAWING_FORMAT_VERSION, DRAWING_MAGIC } from "./limits.ts";

/** A log starting from white with `count` operations, whose bytes `write` writes. */
export function log(
  count: number,
  write: (writer: ByteWriter) => void = () => {},
  version = DRAWING_FORMAT_VERSION,
) {
  const writer = new ByteWriter();
  for (const byte of DRAWING_MAGIC) writer.byte(byte);
  writer.varint(version);
  writer.byte(1);
  writer.varint(count);
  write(writer);
  return writer.bytes();
}

/** An operation's kind, author and time (a difference from the one before). */
export function head(writer: ByteWriter, kind: number, author = 0, time = 0): void {
  writer.byte(kind);
  writer.varint(author);
  writer.signed(time);
}

/** A stroke whose columns are written exactly as given (already differences), with `flags` and `width`. */
export function rawStroke(
  writer: ByteWriter,
  columns: readonly (readonly number[])[],
  flags = 0,
  width = 3,
): void {
  head(writer, 0);
  writer.byte(flags);
  writer.colour("#000000");
  writer.varint(width);
  writer.varint(columns[0]?.length ?? 0);
  columns.forEach((column, index) => {
    for (const [at, value] of column.entries()) {
      if (at === 0 || index === 2) writer.varint(value);
      else writer.signed(value);
    }
  });
}

/** A straight stroke of `count` points from the middle of the drawing, a sixteenth of a pixel apart. */
export function straightStroke(count: number): (writer: ByteWriter) => void {
  const step = (first: number) =>
    Array.from({ length: count }, (_, index) => (index === 0 ? first : index === 1 ? 1 : 0));
  return (writer) =>
    rawStroke(writer, [step(9600 + 100 * 16), step(9600 + 100 * 16), new Array(count).fill(0)]);
}

/** A caption's numbers: font size, outline width, and every line's x and baseline. */
export interface CaptionNumbers {
  readonly size?: number;
  readonly outline?: number;
  readonly x?: number;
  readonly baseline?: number;
}

/** A caption of `lines` (text only), by default at the middle of the drawing. */
export function caption(
  lines: readonly Uint8Array[],
  align = 1,
  numbers: CaptionNumbers = {},
): (writer: ByteWriter) => void {
  return (writer) => {
    head(writer, 1);
    writer.byte(align);
    writer.float(numbers.size ?? 56);
    writer.colour("#ffffff");
    writer.colour("#000000");
    writer.float(numbers.outline ?? 9);
    writer.varint(lines.length);
    for (const line of lines) {
      writer.chunk(line);
      writer.float(numbers.x ?? 300);
      writer.float(numbers.baseline ?? 300);
    }
  };
}

/** A sticker `id` at the middle of the drawing. */
export function sticker(id: string, rotation = 0, size = 160): (writer: ByteWriter) => void {
  return (writer) => {
    head(writer, 2);
    writer.chunk(new TextEncoder().encode(id));
    for (const value of [300, 300, size, rotation]) writer.float(value);
  };
}

/** A fill of pixel (x, y) in red. */
export function fill(x: number, y: number): (writer: ByteWriter) => void {
  return (writer) => {
    head(writer, 3);
    writer.varint(x);
    writer.varint(y);
    writer.colour("#ff0000");
    writer.byte(48);
  };
}

/** `length` bytes of UTF-8 text. */
export function text(length: number): Uint8Array {
  return new TextEncoder().encode("A".repeat(length));
}

/** `count` clear operations. */
export function clears(count: number): (writer: ByteWriter) => void {
  return (writer) => {
    for (let index = 0; index < count; index += 1) head(writer, 4);
  };
}
