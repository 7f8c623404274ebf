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

/**
 * Keeps each of `operations`' own bytes as a view into one copy of `bytes` (`ranges`: each one's start and end in
 * `bytes`, in turn). A copy each would cost an ArrayBuffer each: three times the decode of a log of 20,000 small
 * operations. The copy is the kept bytes' own, so whoever has `bytes` may change or transfer them.
 */
export function keepEachOwnBytes(
  bytes: Uint8Array,
  operations: readonly Operation[],
  ranges: readonly number[],
): void {
  const first = ranges[0] ?? 0;
  const copy = bytes.slice(first, ranges.at(-1) ?? first);
  for (let index = 0; index < operations.length; index += 1) {
    const from = (ranges[2 * index] as number) - first;
    kept.set(operations[index] as Operation, copy.subarray(from, (ranges[2 * index + 1] as number) - first));
  }
}
