import { DrawingCodecError } from "./errors.ts";

/** The longest varint the format writes: 8 groups of 7 bits cover every safe integer. */
const MAX_VARINT_BYTES = 8;

/**
 * How a stroke's column's values follow one another: "curve" (x, y) differences from the second-order
 * prediction, "steps" (pressure) from the value before, "rising" (time) unsigned differences.
 */
export type ColumnShape = "curve" | "steps" | "rising";

/** The largest raw difference a column can hold and still land in range (times reach 3.6 million ms). */
export const LARGEST_STEP = 0x3fffffff;

// ignoreBOM keeps a leading byte order mark as text, as it was written, rather than dropping it.
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The value of a zigzag varint (see zigzag in byte-writer.ts). */
export function unzigzag(value: number): number {
  return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}

/**
 * Reads the format's primitives from untrusted bytes. Every read either consumes bytes that are there or
 * throws DrawingCodecError ("truncated", "malformed"), so reading can never run past the input or loop on it.
 */
export class ByteReader {
  readonly #bytes: Uint8Array;
  readonly #view: DataView;
  #offset = 0;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** How many bytes were read. */
  get offset(): number {
    return this.#offset;
  }

  /** Bytes not read yet. */
  get remaining(): number {
    return this.#bytes.length - this.#offset;
  }

  /** One byte. */
  byte(): number {
    const value = this.#bytes[this.#offset];
    if (value === undefined) throw truncated();
    this.#offset += 1;
    return value;
  }

  /** An unsigned LEB128 integer (see ByteWriter.varint); a run of more than 8 groups is malformed. */
  varint(): number {
    const bytes = this.#bytes;
    const first = bytes[this.#offset];
    // Most values of a stroke fit one byte: read them without the loop.
    if (first !== undefined && first < 0x80) {
      this.#offset += 1;
      return first;
    }
    let value = 0;
    let scale = 1;
    for (let index = 0; index < MAX_VARINT_BYTES; index += 1) {
      const byte = bytes[this.#offset];
      if (byte === undefined) throw truncated();
      this.#offset += 1;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
    throw new DrawingCodecError(
      "malformed",
      `The drawing log has a number longer than ${MAX_VARINT_BYTES} bytes at byte ${this.#offset}; it is damaged or was not written by Fanvas.`,
    );
  }

  /**
   * `count` varints into `into` (from its start), in one loop over the bytes: a stroke's column, the decoder's
   * hottest path. The same rules as varint: truncated at the end of the input, malformed past 8 bytes.
   */
  varints(into: Float64Array, count: number): void {
    const bytes = this.#bytes;
    const end = bytes.length;
    let offset = this.#offset;
    for (let index = 0; index < count; index += 1) {
      if (offset >= end) throw truncated();
      const first = bytes[offset++] as number;
      if (first < 0x80) {
        into[index] = first;
        continue;
      }
      this.#offset = offset - 1;
      into[index] = this.varint();
      offset = this.#offset;
    }
    this.#offset = offset;
  }

  /**
   * Reads a stroke's column of `count` varints as readColumn (stroke-codec.ts) decodes it, keeping none of its
   * values, and answers whether every value lands in 0 .. `max`: the check's hottest path, in one loop over the
   * bytes with 32-bit arithmetic. Once a value is out of range the rest are only read, for their refusals:
   * truncated and malformed still come first, as when decoding reads the whole column and then bounds it.
   */
  columnFits(count: number, max: number, shape: ColumnShape): boolean {
    const bytes = this.#bytes;
    const end = bytes.length;
    // The prediction is value + bend * (value - previous): the curve's second order, or the value before.
    const bend = shape === "curve" ? 1 : 0;
    const zigzag = shape !== "rising";
    let value = this.varint();
    // The second value's prediction is the first (no slope yet).
    let previous = value;
    if (!(value <= max)) return this.#skipVarints(count - 1);
    let offset = this.#offset;
    for (let index = 1; index < count; index += 1) {
      if (offset >= end) throw truncated();
      let raw = bytes[offset] as number;
      if (raw < 0x80) offset += 1;
      else {
        this.#offset = offset;
        raw = this.varint();
        offset = this.#offset;
        // Past this a difference lands outside every column's range whatever the prediction (readColumn).
        if (raw > LARGEST_STEP) return this.#skipVarints(count - index - 1);
      }
      const next = value + bend * (value - previous) + (zigzag ? (raw >>> 1) ^ -(raw & 1) : raw);
      if (next < 0 || next > max) {
        this.#offset = offset;
        return this.#skipVarints(count - index - 1);
      }
      previous = value;
      value = next;
    }
    this.#offset = offset;
    return true;
  }

  /** Reads `count` varints for their refusals only (a column already out of range): answers false. */
  #skipVarints(count: number): false {
    for (let index = 0; index < count; index += 1) this.varint();
    return false;
  }

  /** A zigzag varint. */
  signed(): number {
    return unzigzag(this.varint());
  }

  /** A little-endian 64-bit float (not checked: the caller bounds it, which also refuses NaN). */
  float(): number {
    if (this.remaining < 8) throw truncated();
    const value = this.#view.getFloat64(this.#offset, true);
    this.#offset += 8;
    return value;
  }

  /** Passes over `count` bytes without reading them (truncated when they are not there). */
  skip(count: number): void {
    if (this.remaining < count) throw truncated();
    this.#offset += count;
  }

  /** Three bytes as #rrggbb, lower case. */
  colour(): string {
    if (this.remaining < 3) throw truncated();
    const bytes = this.#bytes;
    const value = (bytes[this.#offset] ?? 0) * 0x10000 + (bytes[this.#offset + 1] ?? 0) * 0x100;
    const rgb = value + (bytes[this.#offset + 2] ?? 0);
    this.#offset += 3;
    return `#${rgb.toString(16).padStart(6, "0")}`;
  }

  /**
   * Length-prefixed bytes, at most `maxBytes` of them: a longer length is refused before anything is read
   * (`tooLong` says why). The bytes are a view of the input, not a copy.
   */
  chunk(maxBytes: number, tooLong: (length: number) => DrawingCodecError): Uint8Array {
    const length = this.varint();
    if (length > maxBytes) throw tooLong(length);
    if (length > this.remaining) throw truncated();
    const slice = this.#bytes.subarray(this.#offset, this.#offset + length);
    this.#offset += length;
    return slice;
  }

  /** Length-prefixed UTF-8 text of at most `maxBytes` bytes (see chunk); bytes that are not UTF-8 are malformed. */
  text(maxBytes: number, tooLong: (length: number) => DrawingCodecError): string {
    return utf8Text(this.chunk(maxBytes, tooLong));
  }

  /**
   * A count of items of at least `minBytes` bytes each: refused when the bytes left could not hold them, so
   * nothing is ever allocated or looped over for items that are not there.
   */
  count(minBytes: number): number {
    const count = this.varint();
    if (count * minBytes > this.remaining) throw truncated();
    return count;
  }
}

/** UTF-8 bytes as text; bytes that are not UTF-8 are malformed. */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new DrawingCodecError(
      "malformed",
      "The drawing log has text that is not UTF-8; it is damaged or was not written by Fanvas.",
    );
  }
}

function truncated(): DrawingCodecError {
  return new DrawingCodecError(
    "truncated",
    "The drawing log ends in the middle of an operation; it was cut short in transfer or storage. Save again.",
  );
}
