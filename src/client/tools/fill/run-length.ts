/**
 * Run-length coding of a fill layer, so the history keeps a fill in a few kilobytes rather than 1.44 MB:
 * a layer is mostly long runs of one value (the fill, or 0 where nothing changes).
 */

/** [count, value, count, value, ...] for the runs of `values`, each first mapped through `map`. */
export function encodeRuns(
  values: Uint32Array,
  map: (value: number) => number = (value) => value,
): Uint32Array {
  const runs: number[] = [];
  let runValue = -1;
  for (let index = 0; index < values.length; index++) {
    const value = map(values[index] as number);
    if (value === runValue) {
      runs[runs.length - 2] = (runs[runs.length - 2] as number) + 1;
    } else {
      runs.push(1, value);
      runValue = value;
    }
  }
  return Uint32Array.from(runs);
}

/** Writes the values `runs` encode into `out` (which must be long enough). */
export function decodeRuns(runs: Uint32Array, out: Uint32Array): void {
  let offset = 0;
  for (let index = 0; index < runs.length; index += 2) {
    const count = runs[index] as number;
    out.fill(runs[index + 1] as number, offset, offset + count);
    offset += count;
  }
}
