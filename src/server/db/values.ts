// How the two drivers hand back what the store keeps, made one shape for the app.

/** A stored blob as a Buffer without copying: node:sqlite gives a Uint8Array, pg already a Buffer. */
export function asBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/** A stored time as ISO 8601: PostgreSQL reads timestamptz as a Date, SQLite gives back the string it was given. */
export function isoTime(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}

/** A count(*) as a number: pg returns it as a string (bigint), SQLite as a number. */
export function asCount(value: string | number | bigint): number {
  return Number(value);
}
