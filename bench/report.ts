import type { SystemSummary } from "./measure.ts";
import { verdictLines } from "./page-verdicts.ts";
import { formatMs, formatRatio } from "./stats.ts";
import { kb, markdownTable, textTable } from "./tables.ts";

/** Everything a report needs besides the per-system medians. */
export interface ReportContext {
  readonly date: string;
  readonly machine: string;
  readonly runs: number;
  readonly strokes: number;
  readonly seconds: number;
  readonly notes: readonly string[];
}

function fps(interval: number | null): string {
  return interval === null ? "n/a" : `${formatMs(interval)} ms (${(1000 / interval).toFixed(0)} fps)`;
}

function withRatio(value: number | null, floor: number | null, isFloor: boolean): string {
  const ratio = isFloor ? "" : formatRatio(value, floor);
  return ratio === "" ? formatMs(value) : `${formatMs(value)} (${ratio})`;
}

/** Table rows (header first): one per system, then the targets for Fanvas. */
function rows(summaries: readonly SystemSummary[], strokes: number): string[][] {
  const floor = summaries.find((summary) => summary.name === "floor");
  const header = [
    "System",
    "ms / move, empty (x floor)",
    `ms / move, ${strokes} strokes (x floor)`,
    `frame interval, ${strokes} strokes`,
    `undo at ${strokes}, ms (main-thread CPU)`,
    `restore ${strokes}, ms (x floor)`,
    "initial JS+CSS gz",
  ];
  const body = summaries.map((summary) => {
    const isFloor = summary.name === "floor";
    return [
      summary.name === "floor" ? "floor (bare Canvas2D loop)" : summary.name,
      withRatio(summary.moveEmpty, floor?.moveEmpty ?? null, isFloor),
      withRatio(summary.moveFull, floor?.moveFull ?? null, isFloor),
      fps(summary.frameInterval),
      summary.undo === null ? "n/a" : `${formatMs(summary.undo)} (${formatMs(summary.undoCpu)})`,
      `${withRatio(summary.restore, floor?.restore ?? null, isFloor)}${summary.restorePending ? " (pending)" : ""}`,
      `${kb(summary.initialBytes ?? Number.NaN)}${summary.bytesLabel === "" ? "" : ` (${summary.bytesLabel})`}`,
    ];
  });
  const target = [
    "target (Fanvas)",
    "-",
    "<= 1.1x floor and <= 1.1x own empty",
    "60 fps",
    "<= 16 ms",
    "<= 100 ms",
    "<= 80 KB",
  ];
  return [header, ...body, target];
}

function heading(context: ReportContext): string {
  return `${context.date} - ${context.machine} - ${context.runs} runs, medians - ${context.seconds.toFixed(0)} s`;
}

/** The report for the terminal. */
export function renderText(summaries: readonly SystemSummary[], context: ReportContext): string {
  return [
    `Fanvas page benchmark: ${heading(context)}`,
    "",
    textTable(rows(summaries, context.strokes)),
    "",
    "Fanvas against its targets:",
    ...verdictLines(summaries).map((line) => `  - ${line}`),
    "",
    ...context.notes.map((note) => `* ${note}`),
  ].join("\n");
}

/** The same report as Markdown, for BENCHMARKS.md's page section. */
export function renderMarkdown(summaries: readonly SystemSummary[], context: ReportContext): string {
  return [
    heading(context),
    "",
    markdownTable(rows(summaries, context.strokes)),
    "",
    "Fanvas against its targets:",
    "",
    ...verdictLines(summaries).map((line) => `- ${line}`),
    "",
    "How it was measured:",
    "",
    ...context.notes.map((note) => `- ${note}`),
    "",
  ].join("\n");
}
