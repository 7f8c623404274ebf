import type { VerdictRow } from "./benchmarks-file.ts";
import { appInitialBytes } from "./build.ts";

// The page's first load: what index.html makes the browser fetch and run before its load event, gzipped. It is
// the budget every change to the page is held to, so it has its own area, quick enough to run after each change.

/** The budget, bytes gzipped (1 KB = 1,000 bytes, as the page bench counts). */
const FIRST_LOAD_BUDGET = 80_000;

/** The first load's verdict row for `bytes`. */
export function firstLoadVerdict(bytes: number): VerdictRow {
  return [
    "JS + CSS index.html loads up front, gzipped",
    `${bytes.toLocaleString("en-US")} bytes`,
    `<= ${FIRST_LOAD_BUDGET.toLocaleString("en-US")} bytes`,
    bytes <= FIRST_LOAD_BUDGET
      ? "met"
      : `MISSED by ${(bytes - FIRST_LOAD_BUDGET).toLocaleString("en-US")} bytes`,
  ];
}

/** How the first load is measured, for the run's file. */
export const FIRST_LOAD_METHOD =
  "gzip (node:zlib, default level) of every script and stylesheet index.html links, from a production `vite build` of the page with the repository's vite.config.ts (bench/build.ts, appInitialBytes); what the page loads later, in its lazy chunks, is not counted.";

/** Builds the page and measures its first load; resolves with its verdict and report. */
export async function firstLoadBench(): Promise<{ verdicts: VerdictRow[]; report: string; text: string }> {
  const bytes = await appInitialBytes();
  const verdict = firstLoadVerdict(bytes);
  return {
    verdicts: [verdict],
    report: `- Method: ${FIRST_LOAD_METHOD}`,
    text: `First load: ${verdict[1]} (target ${verdict[2]}): ${verdict[3]}`,
  };
}
