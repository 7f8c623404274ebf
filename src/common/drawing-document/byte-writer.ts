/** A growing byte buffer with the few primitives the drawing format is made of. */

/** Zigzag: small negative and positive integers both become small unsigned ones (0, -1, 1, -2 -> 0, 1, 2, 3). */
export function zigzag(value: number): number {
  return value >= 0 ? value * 2 : -value * 2 - 1;
}

/** Appends bytes, doubling its buffer as needed; `bytes()` gives what was written. */
export class ByteWriter {
  #buffer = new Uint8Array(1024);
  #view = new DataView(this.#buffer.buffer);
  #length = 0;

  /** How many bytes were written. */
  get length(): number {
    return this.#length;
  }

  /** A copy of what was written, exactly as long. */
  bytes(): Uint8Array {
    return this.#buffer.slice(0, this.#length);
  }

  /** One byte, 0 .. 255. */
  byte(value: number): void {
    this.#reserve(1);
    this.#buffer[this.#length++] = value;
  }

  /** An unsigned integer up to 2^53 in 7-bit groups, lowest first (LEB128): values below 128 take one byte. */
  varint(value: number): void {
    this.#reserve(8);
    let rest = value;
    // Within 32 bits (every value of a real drawing) the bits shift; beyond, the division keeps 2^53 exact.
    if (rest <= 0xffffffff) {
      while (rest >= 0x80) {
        this.#buffer[this.#length++] = (rest & 0x7f) | 0x80;
        rest >>>= 7;
      }
      this.#buffer[this.#length++] = rest;
      return;
    }
    while (rest >= 0x80) {
      this.#buffer[this.#length++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.#buffer[this.#length++] = rest;
  }

  /** The first `count` of `values` (each an unsigned integer) as varints, in one loop: a stroke's column. */
  varints(values: Float64Array, count: number): void {
    this.#reserve(count * 5);
    const buffer = this.#buffer;
    let length = this.#length;
    for (let index = 0; index < count; index += 1) {
      let rest = values[index] as number;
      if (rest > 0xffffffff) {
        this.#length = length;
        this.varint(rest);
        length = this.#length;
        continue;
      }
      while (rest >= 0x80) {
        buffer[length++] = (rest & 0x7f) | 0x80;
        rest >>>= 7;
      }
      buffer[length++] = rest;
    }
    this.#length = length;
  }

  /** A signed integer as a zigzag varint. */
  signed(value: number): void {
    this.varint(zigzag(value));
  }

  /** A 64-bit float, little-endian: positions that are kept exactly as the page computed them. */
  float(value: number): void {
    this.#reserve(8);
    this.#view.setFloat64(this.#length, value, true);
    this.#length += 8;
  }

  /** #rrggbb as three bytes. */
  colour(hex: string): void {
    const value = Number.parseInt(hex.slice(1), 16);
    this.byte(value >>> 16);
    this.byte((value >>> 8) & 0xff);
    this.byte(value & 0xff);
  }

  /** Bytes preceded by their length. */
  chunk(bytes: Uint8Array): void {
    this.varint(bytes.length);
    this.raw(bytes);
  }

  /** Bytes as they are, with nothing before them. */
  raw(bytes: Uint8Array): void {
    this.#reserve(bytes.length);
    this.#buffer.set(bytes, this.#length);
    this.#length += bytes.length;
  }

  #reserve(count: number): void {
    if (this.#length + count <= this.#buffer.length) return;
    let size = this.#buffer.length * 2;
    while (size < this.#length + count) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.#buffer.subarray(0, this.#length));
    this.#buffer = grown;
    this.#view = new DataView(grown.buffer);
  }
}
