import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { AREAS, type AreaName, areaCommand } from "./areas.ts";

// npm run bench writes BENCHMARKS.md itself, whole: a short page a newcomer reads, one section per area between
// <!-- bench:AREA --> and <!-- /bench:AREA -->. A run rewrites the sections of the areas it measured and keeps the
// others as they are, so `--only <area>` updates one area. The run in full (every table, how it was measured) goes
// to docs/benchmarks/runs/<date>-<area>.md, which the section links: the page stays short, nothing is lost.

/** BENCHMARKS.md stays a page: at most this many lines... */
export const MAX_LINES = 150;
/** ...none longer than this. */
export const MAX_LINE_LENGTH = 200;

/** One judged figure: what was measured, what it came to, the target and the verdict, as the bench wrote them. */
export type VerdictRow = readonly [figure: string, result: string, target: string, verdict: string];

/** What one area's run leaves: its verdicts, a few figures without a target, and its full report. */
export interface AreaRun {
  readonly area: AreaName;
  /** YYYY-MM-DD (UTC) of the run. */
  readonly date: string;
  /** The machine and its load, as bench/machine.ts describes them. */
  readonly machine: string;
  readonly verdicts: readonly VerdictRow[];
  /** Figures worth seeing on the page that have no target, one line each. */
  readonly figures?: readonly string[];
  /** The run's whole report in Markdown, kept in its file under docs/benchmarks/runs/. */
  readonly report: string;
  /** How the run was made, when not `npm run bench -- --only <area>` (a whole `npm run bench`, an option). */
  readonly command?: string;
}

/** Where an area's run in full is kept, relative to the repository. */
export function runFilePath(run: Pick<AreaRun, "area" | "date">): string {
  return `docs/benchmarks/runs/${run.date}-${run.area}.md`;
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();
const tableLine = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;

/**
 * A verdict row that fits the page's width: a result too long loses its last clauses (cut after a "; ", ", " or
 * " (" boundary) and ends with "…"; the run's file keeps it whole.
 */
export function fittedRow(row: VerdictRow, width = MAX_LINE_LENGTH): string {
  const whole = tableLine(row);
  if (whole.length <= width) return whole;
  const [figure, result, target, verdict] = row;
  const room = width - tableLine([figure, "", target, verdict]).length - 2;
  const cut = cell(result).slice(0, Math.max(room, 0));
  const boundary = Math.max(cut.lastIndexOf("; "), cut.lastIndexOf(", "), cut.lastIndexOf(" ("));
  const kept = boundary > room / 3 ? cut.slice(0, boundary) : cut.slice(0, Math.max(room - 1, 0)).trimEnd();
  return tableLine([figure, `${kept} …`, target, verdict]);
}

/** Words wrapped into lines of at most `width` characters. */
function wrap(text: string, width = MAX_LINE_LENGTH): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((each) => each !== "")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  return line === "" ? lines : [...lines, line];
}

function titleOf(area: AreaName): string {
  return AREAS.find((each) => each.name === area)?.title ?? area;
}

function openMarker(area: string): string {
  return `<!-- bench:${area} -->`;
}

function closeMarker(area: string): string {
  return `<!-- /bench:${area} -->`;
}

/** The machine as the page shows it: CPU brands' trademark signs and "Processor" left to the run's file. */
function shortMachine(machine: string): string {
  // The page keeps the processor, its cores and the load; memory, kernel and Node are in the run's file.
  return machine
    .replace(/\((R|TM)\)/g, "")
    .replace(/ Processor\b/, "")
    .replace(/, \d+ GiB|, linux [^,]+|, Node v[^,]+/g, "");
}

const VERDICT_HEADER = ["Figure", "Result", "Target", "Verdict"];

/** An area's section of BENCHMARKS.md, markers included. */
export function renderSection(run: AreaRun): string {
  const file = runFilePath(run);
  const table =
    run.verdicts.length === 0
      ? []
      : [
          // Straight under the command's line: GitHub's Markdown starts a table there, and the page keeps its lines.
          tableLine(VERDICT_HEADER),
          tableLine(VERDICT_HEADER.map(() => "---")),
          ...run.verdicts.map((row) => fittedRow(row)),
        ];
  const figures = (run.figures ?? []).flatMap((figure) =>
    wrap(`- ${figure}`, MAX_LINE_LENGTH - 2).map((line, index) => (index === 0 ? line : `  ${line}`)),
  );
  return [
    openMarker(run.area),
    `## ${titleOf(run.area)}`,
    ...wrap(
      `\`${run.command ?? areaCommand(run.area)}\`, ${run.date}, [in full](${file}): ${shortMachine(run.machine)}`,
    ),
    ...table,
    ...(figures.length === 0 ? [] : ["", ...figures]),
    closeMarker(run.area),
  ].join("\n");
}

/** The section of an area no run has written yet. */
function emptySection(area: AreaName): string {
  return [
    openMarker(area),
    `## ${titleOf(area)}`,
    `No run recorded yet: \`${areaCommand(area)}\`.`,
    closeMarker(area),
  ].join("\n");
}

/** An area's run in full, for its file under docs/benchmarks/runs/. */
export function renderRunFile(run: AreaRun): string {
  const verdicts =
    run.verdicts.length === 0
      ? []
      : [
          tableLine(VERDICT_HEADER),
          tableLine(VERDICT_HEADER.map(() => "---")),
          ...run.verdicts.map(tableLine),
          "",
        ];
  return [
    `# ${titleOf(run.area)} (${run.date})`,
    "",
    `Written by \`${run.command ?? areaCommand(run.area)}\` (bench/run.ts). Machine: ${run.machine}.`,
    "",
    ...verdicts,
    ...(run.figures ?? []).map((figure) => `- ${figure}`),
    ...((run.figures ?? []).length === 0 ? [] : [""]),
    run.report.trim(),
    "",
  ].join("\n");
}

const HEADER = [
  "# Benchmarks",
  "",
  "What `npm run bench` measured last in each area, written here by it (bench/benchmarks-file.ts): the command that",
  "measures the area again, the machine it ran on, and each target's verdict. `npm run bench -- --only <area>` rewrites",
  "that area's section and keeps the others. Each section links its run in full; earlier runs and the investigations",
  "behind the figures are in [docs/benchmarks/](docs/benchmarks/README.md). Figures are medians; a busier or another",
  "machine moves the absolute ones more than the ratios. Nothing here is asserted by a test.",
].join("\n");

/** The sections a BENCHMARKS.md holds now, by area. */
export function sectionsOf(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const match of text.matchAll(/<!-- bench:([\w-]+) -->\n[\s\S]*?\n<!-- \/bench:\1 -->/g)) {
    if (match[1] !== undefined) sections.set(match[1], match[0]);
  }
  return sections;
}

/** BENCHMARKS.md with the sections of `runs` written and every other area's section kept from `current`. */
export function composeBenchmarks(current: string, runs: readonly AreaRun[]): string {
  const kept = sectionsOf(current);
  const sections = AREAS.map(({ name }) => {
    const run = runs.findLast((each) => each.area === name);
    if (run !== undefined) return renderSection(run);
    return kept.get(name) ?? emptySection(name);
  });
  // A comment line ends the block before it, so sections need no blank line between them.
  return `${HEADER}\n\n${sections.join("\n")}\n`;
}

/** What keeps a text from being the page BENCHMARKS.md must be: too many lines, lines too long. */
export function limitProblems(text: string): string[] {
  const lines = text.trimEnd().split("\n");
  const problems = lines.length > MAX_LINES ? [`${lines.length} lines (at most ${MAX_LINES})`] : [];
  lines.forEach((line, index) => {
    if (line.length > MAX_LINE_LENGTH) problems.push(`line ${index + 1}: ${line.length} characters`);
  });
  return problems;
}

/**
 * Writes each run's file under docs/benchmarks/runs/ beside `benchmarksPath`, then BENCHMARKS.md with their
 * sections; resolves with what keeps the page from its limits (printed by the bench, checked by the unit test).
 */
export async function writeAreaRuns(benchmarksPath: string, runs: readonly AreaRun[]): Promise<string[]> {
  const root = dirname(benchmarksPath);
  for (const run of runs) {
    const path = join(root, runFilePath(run));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, renderRunFile(run));
  }
  const current = await readFile(benchmarksPath, "utf8").catch(() => "");
  const text = composeBenchmarks(current, runs);
  await writeFile(benchmarksPath, text);
  return limitProblems(text);
}
