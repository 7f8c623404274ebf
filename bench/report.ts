import type { SystemName } from "./page/api.ts";
import { formatMs, formatRatio } from "./stats.ts";

/** Medians over the runs for one system (null where the figure does not apply). */
export interface SystemSummary {
  readonly name: SystemName;
  readonly moveEmpty: number | null;
  readonly moveFull: number | null;
  readonly frameInterval: number | null;
  readonly undo: number | null;
  readonly restore: number | null;
  readonly restoreLabel: string;
  readonly restorePending: boolean;
  readonly initialBytes: number | null;
  readonly bytesLabel: string;
  readonly inked: number | null;
}

/** Everything a report needs besides the per-system medians. */
export interface ReportContext {
  readonly date: string;
  readonly machine: string;
  readonly runs: number;
  readonly strokes: number;
  readonly seconds: number;
  readonly notes: readonly string[];
}

const TARGET_FPS_INTERVAL = 17;

function kb(bytes: number | null): string {
  return bytes === null ? "n/a" : `${(bytes / 1000).toFixed(1)} KB`;
}

function fps(interval: number | null): string {
  return interval === null ? "n/a" : `${formatMs(interval)} ms (${(1000 / interval).toFixed(0)} fps)`;
}

function withRatio(value: number | null, floor: number | null, isFloor: boolean): string {
  const ratio = isFloor ? "" : formatRatio(value, floor);
  return ratio === "" ? formatMs(value) : `${formatMs(value)} (${ratio})`;
}

/** Table rows (header first): one per system, then the issue's targets for Fanvas. */
function rows(summaries: readonly SystemSummary[], strokes: number): string[][] {
  const floor = summaries.find((summary) => summary.name === "floor");
  const header = [
    "System",
    "ms / move, empty (x floor)",
    `ms / move, ${strokes} strokes (x floor)`,
    `frame interval, ${strokes} strokes`,
    `undo at ${strokes}, ms (x floor)`,
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
      withRatio(summary.undo, floor?.undo ?? null, isFloor),
      `${withRatio(summary.restore, floor?.restore ?? null, isFloor)}${summary.restorePending ? " (pending)" : ""}`,
      `${kb(summary.initialBytes)}${summary.bytesLabel === "" ? "" : ` (${summary.bytesLabel})`}`,
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

function missedBy(value: number, limit: number, unit: string): string {
  return value <= limit
    ? "met"
    : `MISSED by ${formatMs(value - limit)} ${unit} (${(value / limit).toFixed(2)}x)`;
}

/** One line per issue target: met, or missed and by how much. */
export function verdicts(summaries: readonly SystemSummary[]): string[] {
  const fanvas = summaries.find((summary) => summary.name === "fanvas");
  const floor = summaries.find((summary) => summary.name === "floor");
  if (fanvas === undefined) return ["Fanvas was not measured."];
  const lines: string[] = [];
  const full = fanvas.moveFull;
  if (full !== null && floor?.moveFull != null) {
    lines.push(`per move at full drawing vs floor: ${missedBy(full / floor.moveFull, 1.1, "x")}`);
  }
  const harness = summaries.find((summary) => summary.name === "harness")?.moveEmpty ?? null;
  if (full !== null && floor?.moveFull != null && harness !== null) {
    const net = (full - harness) / (floor.moveFull - harness);
    lines.push(`  (net of the harness row, Fanvas / floor per move at full drawing: ${net.toFixed(2)}x)`);
  }
  if (full !== null && fanvas.moveEmpty !== null) {
    lines.push(`per move at full drawing vs own empty: ${missedBy(full / fanvas.moveEmpty, 1.1, "x")}`);
  }
  if (fanvas.frameInterval !== null) {
    lines.push(
      `60 fps while drawing: ${missedBy(fanvas.frameInterval, TARGET_FPS_INTERVAL, "ms per frame")}`,
    );
  }
  if (fanvas.undo !== null) lines.push(`one undo: ${missedBy(fanvas.undo, 16, "ms")}`);
  if (fanvas.restore !== null) {
    const pending = fanvas.restorePending ? " (pending: see the restore note)" : "";
    lines.push(`restore: ${missedBy(fanvas.restore, 100, "ms")}${pending}`);
  }
  if (fanvas.initialBytes !== null) {
    lines.push(`initial JS + CSS: ${missedBy(fanvas.initialBytes / 1000, 80, "KB")}`);
  }
  return lines;
}

function textTable(table: readonly string[][]): string {
  const widths =
    table[0]?.map((_, column) => Math.max(...table.map((row) => (row[column] ?? "").length))) ?? [];
  const line = (row: readonly string[]) =>
    row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ");
  const [header, ...body] = table;
  return [line(header ?? []), widths.map((width) => "-".repeat(width)).join("  "), ...body.map(line)].join(
    "\n",
  );
}

function markdownTable(table: readonly string[][]): string {
  const line = (row: readonly string[]) => `| ${row.join(" | ")} |`;
  const [header, ...body] = table;
  return [line(header ?? []), line((header ?? []).map(() => "---")), ...body.map(line)].join("\n");
}

function heading(context: ReportContext): string {
  return `${context.date} - ${context.machine} - ${context.runs} runs, medians - ${context.seconds.toFixed(0)} s`;
}

/** The report for the terminal. */
export function renderText(summaries: readonly SystemSummary[], context: ReportContext): string {
  return [
    `Fanvas benchmark (issue 3): ${heading(context)}`,
    "",
    textTable(rows(summaries, context.strokes)),
    "",
    "Fanvas against the issue's targets:",
    ...verdicts(summaries).map((line) => `  - ${line}`),
    "",
    ...context.notes.map((note) => `* ${note}`),
  ].join("\n");
}

/** The same report as Markdown, for BENCHMARKS.md. */
export function renderMarkdown(summaries: readonly SystemSummary[], context: ReportContext): string {
  return [
    "## Benchmark run",
    "",
    heading(context),
    "",
    markdownTable(rows(summaries, context.strokes)),
    "",
    "Fanvas against the issue's targets:",
    "",
    ...verdicts(summaries).map((line) => `- ${line}`),
    "",
    "How it was measured:",
    "",
    ...context.notes.map((note) => `- ${note}`),
    "",
  ].join("\n");
}
