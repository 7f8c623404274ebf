/**
 * `npm run bench`: every area of bench/areas.ts in turn, or one with `--only <area>`. Each area's section of
 * BENCHMARKS.md (its verdicts, the command, the machine) is rewritten as soon as that area is done and the other
 * sections are kept (bench/benchmarks-file.ts); the run in full goes to docs/benchmarks/runs/<date>-<area>.md.
 * Figures only: nothing here is asserted, and nothing here runs in `npm test`.
 *
 * The areas: the page bench mounts Fanvas's engine, signature_pad, react-sketch-canvas and a bare Canvas2D loop
 * in headless Chromium and replays the same seeded strokes through each as real PointerEvents (it also writes the
 * fill's and the first load's sections); lighthouse, server (saves, serving, stored bytes, the wall's pages),
 * validation, wall (list latency at 100,000 drawings and 1,000,000 reactions against 1,000 and 10,000), codec (the
 * drawing document's size and decode time), document (the drawing as a log in the page; with --baseline
 * <checkout> side by side with another commit), soak (memory and /healthz p99 through three rounds of hostile
 * load), timelapse, rooms (live rooms' fan-out latency), and container where podman is installed.
 * `--only pairs` prints the page bench's side-by-side verdicts alone and writes nothing.
 *
 * Options: --benchmarks <path> (the file to write, default BENCHMARKS.md; none writes nothing), --markdown <path>
 * (also write the whole report as Markdown), --runs <n> (default 5), --strokes <n> (size of the "full" drawing,
 * default 1000), --budget <seconds> (default 210: no page run starts later, which keeps the page bench within
 * about 5 minutes on 2 cores), --only <area>|pairs, --fill-runs <n> (default 7: each is a fresh page and a second
 * or two), --lighthouse-runs <n> (default 5), --client-dir <dir> (Lighthouse an existing build instead of
 * building), --server-runs <n> (default 5), --saves <n> (distinct drawings saved per run, default 1000),
 * --pairs <n> (block pairs of each side-by-side figure, bench/paired.ts, default 60; 0 skips them and the runs'
 * medians decide; about 1.5 s a pair), --baseline <checkout> (the document bench's commit to compare with; the rooms bench's late joins, built),
 * --soak-seconds <n> (length of each of the soak's three rounds, default 60).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { BrowserContext } from "@playwright/test";
import { podmanInstalled } from "../tests/container/helpers/podman.ts";
import { AREAS, type AreaName } from "./areas.ts";
import { type AreaRun, runFilePath, type VerdictRow, writeAreaRuns } from "./benchmarks-file.ts";
import { launchBenchBrowser } from "./browser.ts";
import { appInitialBytes, buildBenchPage, minimalPageBytes } from "./build.ts";
import { runCodecBench } from "./codec/index.ts";
import { runContainerBench } from "./container.ts";
import { runDocumentBench } from "./document/index.ts";
import { type FillReport, fillBench } from "./fill.ts";
import { FIRST_LOAD_METHOD, firstLoadBench, firstLoadVerdict } from "./first-load.ts";
import { runLighthouseBench } from "./lighthouse.ts";
import { loadAverage, machine, machineHeading, today } from "./machine.ts";
import { measureSystem, type RunSample, type SystemSummary, type Workload } from "./measure.ts";
import { methodNotes } from "./notes.ts";
import { SYSTEM_NAMES, type SystemName } from "./page/api.ts";
import { pageVerdicts } from "./page-verdicts.ts";
import { describePaired, type PairedFigures, pairedPerMove } from "./paired.ts";
import { renderMarkdown, renderText } from "./report.ts";
import { runRoomsBench } from "./rooms.ts";
import { serveStatic } from "./serve.ts";
import { runServerBench } from "./server/index.ts";
import { runSoakBench } from "./soak.ts";
import { median } from "./stats.ts";
import { runTimelapseBench } from "./timelapse/index.ts";
import { runValidationBench } from "./validation.ts";
import { runWallBench } from "./wall.ts";

const SYSTEMS: readonly SystemName[] = SYSTEM_NAMES;

const { values: options } = parseArgs({
  options: {
    markdown: { type: "string" },
    runs: { type: "string", default: "5" },
    strokes: { type: "string", default: "1000" },
    budget: { type: "string", default: "210" },
    only: { type: "string" },
    "fill-runs": { type: "string", default: "7" },
    benchmarks: { type: "string", default: "BENCHMARKS.md" },
    "server-runs": { type: "string", default: "5" },
    "lighthouse-runs": { type: "string", default: "5" },
    "client-dir": { type: "string" },
    saves: { type: "string", default: "1000" },
    pairs: { type: "string", default: "60" },
    baseline: { type: "string" },
    "soak-seconds": { type: "string", default: "60" },
  },
});

function medianOf(samples: readonly RunSample[], pick: (sample: RunSample) => number | null): number | null {
  const values = samples.map(pick).filter((value): value is number => value !== null);
  return values.length === 0 ? null : median(values);
}

async function sizes(): Promise<{ app: number | null; minimal: Map<string, number>; appError: string }> {
  const minimal = await minimalPageBytes();
  try {
    return { app: await appInitialBytes(), minimal, appError: "" };
  } catch (error) {
    return {
      app: null,
      minimal,
      appError: error instanceof Error ? (error.message.split("\n")[0] ?? "") : "",
    };
  }
}

function summarise(
  name: SystemName,
  samples: readonly RunSample[],
  bytes: Awaited<ReturnType<typeof sizes>>,
  sideBySide: PairedFigures | null,
): SystemSummary {
  const restore = samples.find((sample) => sample.restore !== null)?.restore ?? null;
  const minimalBytes = bytes.minimal.get(name) ?? null;
  return {
    name,
    moveEmpty: medianOf(samples, (sample) => sample.moveEmpty),
    moveFull: medianOf(samples, (sample) => sample.moveFull),
    frameInterval: medianOf(samples, (sample) => sample.frameInterval),
    undo: medianOf(samples, (sample) => sample.undo),
    undoCpu: medianOf(samples, (sample) => sample.undoCpu),
    restore: medianOf(samples, (sample) => sample.restore?.ms ?? null),
    restoreLabel: restore?.label ?? "n/a",
    restorePending: restore?.pending ?? false,
    initialBytes: name === "fanvas" ? bytes.app : name === "harness" ? null : minimalBytes,
    bytesLabel: name === "fanvas" ? "whole page" : name === "harness" ? "" : "library + mount code",
    inked: medianOf(samples, (sample) => sample.inked),
    cursorRatios: samples.flatMap((sample) => sample.cursorRatios ?? []),
    sideBySide,
  };
}

/** Builds the bench page and serves it for `work`, then stops serving it and removes it. */
async function withBenchServer<T>(work: (url: string) => Promise<T>): Promise<T> {
  const outDir = await mkdtemp(join(tmpdir(), "fanvas-bench-"));
  try {
    await buildBenchPage(outDir);
    const server = await serveStatic(outDir);
    try {
      return await work(server.url);
    } finally {
      await server.close();
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** withBenchServer, with one Chromium context for `work` (the side-by-side figures launch their own). */
function withBenchPage<T>(work: (context: BrowserContext, url: string) => Promise<T>): Promise<T> {
  return withBenchServer(async (url) => {
    const { browser, context } = await launchBenchBrowser();
    try {
      return await work(context, url);
    } finally {
      await browser.close();
    }
  });
}

/** How much every system draws, from the options. */
function benchWorkload(): Workload {
  return { strokes: Number(options.strokes), probeStrokes: 10, movesPerFrame: 10, stepTimeoutMs: 60_000 };
}

/** What the page bench measured: the page's report and verdicts, the fill's, and the first load's bytes. */
interface PageBenchResult {
  readonly markdown: string;
  readonly verdicts: VerdictRow[];
  readonly fill: FillReport;
  readonly initialBytes: number | null;
}

/** The page bench, then the fill and the side-by-side figures. */
async function pageBench(): Promise<PageBenchResult> {
  const started = performance.now();
  const loadAtStart = loadAverage();
  const runs = Number(options.runs);
  const workload = benchWorkload();
  const budgetMs = Number(options.budget) * 1000;
  const samples = new Map<SystemName, RunSample[]>(SYSTEMS.map((name) => [name, []]));
  let completedRuns = 0;
  const { fill, paired } = await withBenchPage(async (browserContext, url) => {
    for (let run = 0; run < runs && performance.now() - started < budgetMs; run += 1) {
      for (const name of SYSTEMS) {
        const sample = await measureSystem(browserContext, url, name, workload);
        samples.get(name)?.push(sample);
        process.stderr.write(`run ${run + 1}/${runs} ${name}: ${JSON.stringify(sample)}\n`);
      }
      completedRuns += 1;
    }
    const fill = await fillBench(browserContext, url, Number(options["fill-runs"]));
    return { fill, paired: await sideBySideFigures(url, workload) };
  });
  const bytes = await sizes();
  const summaries = SYSTEMS.map((name) =>
    summarise(name, samples.get(name) ?? [], bytes, paired.get(name) ?? null),
  );
  const context = {
    date: today(),
    machine: machine(loadAtStart),
    runs: completedRuns,
    strokes: workload.strokes,
    seconds: (performance.now() - started) / 1000,
    notes: methodNotes({ summaries, minimalBytes: bytes.minimal, appError: bytes.appError, workload }),
  };
  process.stdout.write(`${renderText(summaries, context)}\n\n${fill.lines.join("\n")}\n`);
  return {
    markdown: renderMarkdown(summaries, context),
    verdicts: pageVerdicts(summaries),
    fill,
    initialBytes: bytes.app,
  };
}

/** Each system judged side by side, and the system it is judged against (see SystemSummary.sideBySide). */
const SIDE_BY_SIDE: readonly (readonly [SystemName, SystemName])[] = [
  ["fanvas", "floor"],
  ["fanvas-zoomed", "fanvas"],
];

/** The side-by-side figures of SIDE_BY_SIDE (bench/paired.ts), by the system judged; `--pairs 0` skips them. */
async function sideBySideFigures(url: string, workload: Workload): Promise<Map<SystemName, PairedFigures>> {
  const figures = new Map<SystemName, PairedFigures>();
  const pairs = Number(options.pairs);
  if (pairs <= 0) return figures;
  for (const systems of SIDE_BY_SIDE) {
    const paired = await pairedPerMove(url, systems, workload, pairs);
    process.stderr.write(`side by side ${systems.join("/")}: ${JSON.stringify(paired)}\n`);
    figures.set(systems[0], paired);
  }
  return figures;
}

/** The fill bench alone (`--only fill`). */
async function fillOnly(): Promise<FillReport> {
  const report = await withBenchPage((context, url) => fillBench(context, url, Number(options["fill-runs"])));
  process.stdout.write(`${report.lines.join("\n")}\n`);
  return report;
}

/**
 * The side-by-side per-move verdicts alone (`--only pairs`: Fanvas against the floor, zoomed against
 * unzoomed), for checking them again and again on a noisy machine without the rest of the page bench; prints
 * them, writes nothing.
 */
async function pairsOnly(): Promise<void> {
  if (Number(options.pairs) <= 0) throw new Error("--only pairs needs --pairs above 0");
  const loadAtStart = loadAverage();
  const figures = await withBenchServer((url) => sideBySideFigures(url, benchWorkload()));
  const lines = SIDE_BY_SIDE.map(([judged, against]) => {
    const paired = figures.get(judged);
    return `ms / move at ${options.strokes} strokes, ${judged} over ${against} side by side: ${paired === undefined ? "not run" : describePaired(paired)}`;
  });
  process.stdout.write(
    `${machineHeading(loadAtStart)}\n${lines.join("\n")}\nload average ${loadAverage().toFixed(1)} at end\n`,
  );
}

/** What one area's bench hands back to be written: its verdicts, a few figures, its report in full. */
type AreaResult = Pick<AreaRun, "verdicts" | "figures" | "report">;

/** The command that made this run, as the run's section names it, when it was not the whole bench. */
function commandOf(area: AreaName): string | undefined {
  const args = process.argv.slice(2);
  const only = args.indexOf("--only");
  if (only < 0) return undefined;
  if (args[only + 1] !== area || args.length === 2) return undefined;
  return `npm run bench -- ${args.join(" ")}`;
}

/** Writes each area's run into the benchmarks file as soon as it is done, so a later failure does not lose it. */
async function record(area: AreaName, loadAtStart: number, result: AreaResult): Promise<void> {
  if (options.benchmarks === "none") return;
  const run: AreaRun = {
    area,
    date: today(),
    machine: machine(loadAtStart),
    command: commandOf(area),
    ...result,
  };
  const problems = await writeAreaRuns(options.benchmarks, [run]);
  process.stdout.write(`\n${options.benchmarks} updated: ${area} (the run in full: ${runFilePath(run)})\n`);
  for (const problem of problems)
    process.stderr.write(`${options.benchmarks} is over its limits: ${problem}\n`);
}

/** Runs `bench` for `area` when it was asked for (every area when --only is not given), then records it. */
async function runArea(
  area: AreaName,
  bench: () => Promise<AreaResult & { readonly text: string }>,
  sections: string[],
): Promise<void> {
  if (options.only !== undefined && options.only !== area) return;
  const loadAtStart = loadAverage();
  const result = await bench();
  process.stdout.write(`\n${result.text}\n`);
  sections.push(result.report);
  await record(area, loadAtStart, result);
}

/** The page bench's three areas: the page, the fill it also measures, and the first load it builds. */
async function pageAreas(sections: string[]): Promise<void> {
  const loadAtStart = loadAverage();
  const page = await pageBench();
  sections.push(page.markdown, page.fill.lines.join("\n"));
  await record("page", loadAtStart, { verdicts: page.verdicts, report: page.markdown });
  await record("fill", loadAtStart, { verdicts: page.fill.verdicts, report: page.fill.lines.join("\n") });
  if (page.initialBytes !== null) {
    const report = `- Method: ${FIRST_LOAD_METHOD}`;
    await record("first-load", loadAtStart, { verdicts: [firstLoadVerdict(page.initialBytes)], report });
  }
}

async function main(): Promise<void> {
  const only = options.only;
  const known = [...AREAS.map((area) => area.name), "pairs"];
  if (only !== undefined && !known.includes(only)) {
    throw new Error(`--only must be one of ${known.join(", ")} (got "${only}"); without it all run.`);
  }
  const sections: string[] = [];
  if (only === "pairs") await pairsOnly();
  if (only === undefined || only === "page") await pageAreas(sections);
  await runArea(
    "fill",
    async () => {
      const fill = await fillOnly();
      return { verdicts: fill.verdicts, report: fill.lines.join("\n"), text: "" };
    },
    sections,
  );
  await runArea("first-load", firstLoadBench, sections);
  await runArea(
    "lighthouse",
    async () => {
      const lighthouse = await runLighthouseBench(Number(options["lighthouse-runs"]), options["client-dir"]);
      return { ...lighthouse, report: lighthouse.markdown };
    },
    sections,
  );
  await runArea(
    "server",
    async () => {
      const server = await runServerBench({
        drawings: Number(options.saves),
        runs: Number(options["server-runs"]),
      });
      return { ...server, report: server.markdown };
    },
    sections,
  );
  await runArea(
    "validation",
    async () => {
      const validation = await runValidationBench(Number(options.runs));
      return { ...validation, report: validation.markdown };
    },
    sections,
  );
  await runArea(
    "wall",
    async () => {
      const wall = await runWallBench(Number(options.runs));
      return { ...wall, report: wall.markdown };
    },
    sections,
  );
  await runArea(
    "document",
    async () => {
      const document = await runDocumentBench({
        workload: benchWorkload(),
        pairs: Number(options.pairs),
        baseline: options.baseline ?? null,
      });
      return { ...document, report: fenced(document.text) };
    },
    sections,
  );
  await runArea(
    "soak",
    async () => {
      const soak = await runSoakBench(Number(options["soak-seconds"]));
      return { ...soak, report: soak.markdown };
    },
    sections,
  );
  await runArea(
    "timelapse",
    async () => {
      const timelapse = await runTimelapseBench();
      return { ...timelapse, report: timelapse.markdown };
    },
    sections,
  );
  await runArea(
    "rooms",
    async () => {
      const rooms = await runRoomsBench(Number(options["server-runs"]), options.baseline ?? null);
      return {
        verdicts: [],
        figures: rooms.text.split("\n").filter((line) => / drawers \+ /.test(line)),
        report: fenced(rooms.text),
        text: rooms.text,
      };
    },
    sections,
  );
  await runArea(
    "codec",
    async () => {
      const codec = runCodecBench(Number(options.runs));
      return { ...codec, report: codec.markdown };
    },
    sections,
  );
  if (only === "container" || (only === undefined && podmanInstalled())) {
    await runArea(
      "container",
      async () => {
        const container = await runContainerBench(Number(options.runs));
        return { ...container, report: container.markdown };
      },
      sections,
    );
  } else if (only === undefined) {
    process.stdout.write("\nContainer bench left out: podman is not installed.\n");
  }
  if (options.markdown !== undefined) {
    await writeFile(options.markdown, sections.join("\n"));
    process.stdout.write(`\nMarkdown written to ${options.markdown}\n`);
  }
}

/** Plain text kept as it was printed, for a report that is not Markdown. */
function fenced(text: string): string {
  return `\`\`\`text\n${text.trim()}\n\`\`\``;
}

await main();
