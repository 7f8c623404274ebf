import type { SystemName } from "./page/api.ts";
import { formatMs, formatRatio, median, percentile } from "./stats.ts";
import { markdownTable, textTable } from "./tables.ts";

/** Medians over the runs for one system (null where the figure does not apply). */
export interface SystemSummary {
  readonly name: SystemName;
  readonly moveEmpty: number | null;
  readonly moveFull: number | null;
  readonly frameInterval: number | null;
  readonly undo: number | null;
  readonly undoCpu: number | null;
  readonly restore: number | null;
  readonly restoreLabel: string;
  readonly restorePending: boolean;
  readonly initialBytes: number | null;
  readonly bytesLabel: string;
  readonly inked: number | null;
  /** fanvas-cursor: every run's paired ratios, brush cursor on over off (bench/measure.ts). */
  readonly cursorRatios: readonly number[];
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

/** "<figure> (target <limit>): met", or MISSED and by how much. */
function verdict(
  what: string,
  value: number,
  shown: string,
  limit: number,
  target: string,
  unit: string,
): string {
  const outcome = value <= limit ? "met" : `MISSED by ${formatMs(value - limit)}${unit}`;
  return `${what}: ${shown} (target ${target}): ${outcome}`;
}

/** One line per issue target for Fanvas: met, or missed and by how much. */
export function verdicts(summaries: readonly SystemSummary[]): string[] {
  const find = (name: SystemName) => summaries.find((summary) => summary.name === name);
  const fanvas = find("fanvas");
  if (fanvas === undefined) return ["Fanvas was not measured."];
  const floorFull = find("floor")?.moveFull ?? null;
  const harness = find("harness")?.moveEmpty ?? null;
  const { moveFull: full, moveEmpty: empty, frameInterval, undo, restore, initialBytes } = fanvas;
  const lines: string[] = [];
  if (full !== null && floorFull !== null) {
    const ratio = full / floorFull;
    const net =
      harness === null
        ? ""
        : `; net of the harness row ${((full - harness) / (floorFull - harness)).toFixed(2)}x`;
    lines.push(
      verdict("ms / move at full drawing vs floor", ratio, `${ratio.toFixed(2)}x${net}`, 1.1, "<= 1.1x", "x"),
    );
  }
  if (full !== null && empty !== null) {
    const ratio = full / empty;
    lines.push(
      verdict("ms / move at full drawing vs own empty", ratio, `${ratio.toFixed(2)}x`, 1.1, "<= 1.1x", "x"),
    );
  }
  if (frameInterval !== null) {
    const shown = `${formatMs(frameInterval)} ms a frame (${(1000 / frameInterval).toFixed(0)} fps)`;
    lines.push(
      verdict("frame interval while drawing", frameInterval, shown, TARGET_FPS_INTERVAL, "60 fps", " ms"),
    );
  }
  if (undo !== null) {
    const shown = `${formatMs(undo)} ms on screen, ${formatMs(fanvas.undoCpu)} ms main-thread CPU`;
    lines.push(verdict("one undo", undo, shown, 16, "<= 16 ms", " ms"));
  }
  if (restore !== null) {
    const pending = fanvas.restorePending ? " (pending: see the restore note)" : "";
    lines.push(
      `${verdict("restore", restore, `${formatMs(restore)} ms`, 100, "<= 100 ms", " ms")}${pending}`,
    );
  }
  const zoomedFull = find("fanvas-zoomed")?.moveFull ?? null;
  if (zoomedFull !== null && full !== null) {
    const ratio = zoomedFull / full;
    lines.push(
      verdict(
        "ms / move at full drawing zoomed 4x vs unzoomed",
        ratio,
        `${ratio.toFixed(2)}x`,
        1.1,
        "<= 1.1x",
        "x",
      ),
    );
  }
  const cursorRatios = find("fanvas-cursor")?.cursorRatios ?? [];
  if (cursorRatios.length > 0) {
    const ratio = median(cursorRatios);
    const sorted = [...cursorRatios].sort((a, b) => a - b);
    const spread = `${percentile(sorted, 0.25).toFixed(2)}-${percentile(sorted, 0.75).toFixed(2)}`;
    lines.push(
      verdict(
        "ms / move at full drawing with the brush cursor vs without",
        ratio,
        `${ratio.toFixed(2)}x (median of ${cursorRatios.length} interleaved on/off pairs, middle half ${spread})`,
        1.1,
        "<= 1.1x (no measurable cost)",
        "x",
      ),
    );
  }
  if (initialBytes !== null) {
    const kilobytes = initialBytes / 1000;
    lines.push(verdict("initial JS + CSS gzipped", kilobytes, kb(initialBytes), 80, "<= 80 KB", " KB"));
  }
  return lines;
}

/** The page's verdicts as rows of the verdicts at a glance: issue, figure, result, target, verdict. */
export function pageVerdicts(summaries: readonly SystemSummary[]): string[][] {
  return verdicts(summaries).map((line) => {
    const parts = /^(.*?): (.*) \(target (.*)\): (.*)$/.exec(line);
    if (parts === null) return ["3", line, "", "", ""];
    const figure = parts[1] ?? "";
    return [issueOf(figure), figure, parts[2] ?? "", parts[3] ?? "", parts[4] ?? ""];
  });
}

/** The issue whose target a page verdict judges: issue 3's, unless the figure is one a later issue added. */
function issueOf(figure: string): string {
  if (figure.includes("brush cursor")) return "10";
  if (figure.includes("zoomed")) return "11";
  return "3";
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

/** The same report as Markdown, for BENCHMARKS.md's page section. */
export function renderMarkdown(summaries: readonly SystemSummary[], context: ReportContext): string {
  return [
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
