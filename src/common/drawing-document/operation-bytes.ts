/**
 * Each operation's own bytes in a log (what follows its kind, author and time), kept by the operation once they
 * were written or read. They depend on the operation alone, an operation is never changed once made, and a page
 * encodes the same operations again and again: the backup writes each one as it is made, and a save encodes them
 * all. With them kept, a save joins bytes instead of encoding the whole drawing on its path (decision 0035).
 */
import type { Operation } from "./types.ts";

const kept = new WeakMap<Operation, Uint8Array>();

/** The bytes kept for `operation`, if any. */
export const keptBytes = (operation: Operation): Uint8Array | undefined => kept.get(operation);

/** Keeps `bytes` as `operation`'s own. */
export function keepBytes(operation: Operation, bytes: Uint8Array): void {
  kept.set(operation, bytes);
}
