import type { VerdictRow } from "./benchmarks-file.ts";

// The wall's verdicts, one row per list with every store's figures side by side: the list is what is judged, and
// a row per store would double the page's longest table.

/** One list on one store: its medians as printed, the ratio, how many runs held the target, and the verdict. */
export interface WallListResult {
  readonly list: string;
  readonly store: string;
  /** The big wall's median, ms, as printed. */
  readonly big: string;
  /** The small wall's median, ms, as printed. */
  readonly small: string;
  readonly ratio: number;
  readonly held: number;
  readonly runs: number;
  readonly verdict: string;
}

/** The verdict rows of the wall: per list, each store's ratio of the big wall's median to the small one's. */
export function wallVerdictRows(results: readonly WallListResult[], targetRatio: number): VerdictRow[] {
  const lists = [...new Set(results.map((result) => result.list))];
  return lists.map((list) => {
    const stores = results.filter((result) => result.list === list);
    const result = stores
      .map(
        (each, index) =>
          `${each.store} ${each.ratio.toFixed(2)}x (${index === 0 ? "p50 " : ""}${each.big} / ${each.small} ms, ${each.held} of ${each.runs} runs)`,
      )
      .join(", ");
    const verdict = stores.every((each) => each.verdict === "met")
      ? "met"
      : stores.map((each) => `${each.store}: ${each.verdict}`).join(", ");
    return [
      list === "name page" ? "GET /by/<name>" : `GET /api/drawings ${list}`,
      result,
      `<= ${targetRatio}x`,
      verdict,
    ];
  });
}

/** What the wall's rows say, for the line under its table. */
export function wallVerdictsLegend(targetRatio: number): string {
  return `Each ratio: the list's p50 at 100,000 drawings and 1,000,000 reactions over its p50 at 1,000 and 10,000; runs: how many runs held ${targetRatio}x, which most must.`;
}
