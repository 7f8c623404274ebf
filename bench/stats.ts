/** Median of `values` (NaN when empty): robust to the odd slow run a shared machine produces. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  const lower = sorted[middle - 1] ?? upper;
  return sorted.length % 2 === 1 ? upper : (lower + upper) / 2;
}

/** Differences between consecutive timestamps. */
export function intervals(stamps: readonly number[]): number[] {
  const result: number[] = [];
  for (let index = 1; index < stamps.length; index += 1) {
    result.push((stamps[index] ?? 0) - (stamps[index - 1] ?? 0));
  }
  return result;
}

/** `value` with about three significant digits, "n/a" when missing. */
export function formatMs(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return "n/a";
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  if (value >= 1) return value.toFixed(2);
  return value.toPrecision(3);
}

/** `value / floor` as "1.23x", or "" when either is missing. */
export function formatRatio(value: number | null, floor: number | null): string {
  if (value === null || floor === null || !Number.isFinite(value) || !Number.isFinite(floor) || floor <= 0) {
    return "";
  }
  return `${(value / floor).toFixed(2)}x`;
}

/** Nearest-rank percentile of `sorted` (ascending; `fraction` 0..1); NaN when empty. The one every bench reports. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** The lowest and highest of `values` as "min-max": the spread of runs every bench reports. */
export function range(values: readonly number[], format: (value: number) => string = formatMs): string {
  return `${format(Math.min(...values))}-${format(Math.max(...values))}`;
}

/** "median (min-max)" of `values`, each figure written by `format`. */
export function medianAndRange(
  values: readonly number[],
  format: (value: number) => string = formatMs,
): string {
  return `${format(median(values))} (${range(values, format)})`;
}

/** The quartiles of `ratios` as "0.95-1.08": where the middle half of them lies. */
export function middleHalf(ratios: readonly number[]): string {
  const sorted = [...ratios].sort((a, b) => a - b);
  return `${percentile(sorted, 0.25).toFixed(2)}-${percentile(sorted, 0.75).toFixed(2)}`;
}
