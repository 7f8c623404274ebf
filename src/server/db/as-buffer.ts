/** A stored blob as a Buffer without copying: node:sqlite gives a Uint8Array, pg already a Buffer. */
export function asBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}
