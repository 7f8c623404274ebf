/**
 * `npm run bench`: issue 3's benchmark. Builds a bench page that mounts Fanvas's engine, signature_pad,
 * react-sketch-canvas and a bare Canvas2D loop, replays the same seeded strokes through each as real
 * PointerEvents in headless Chromium (systems interleaved within every run), and prints medians with the
 * ratio to the bare loop. Figures only: nothing here is asserted, and nothing here runs in `npm test`.
 *
 * Then the server bench of issues 4 and 5 (bench/server/index.ts): saves, serving, stored bytes, the wall;
 * then issue 13's: how long validating one upload takes, on real drawings and the worst inputs (bench/validation.ts);
 * then issue 12's: the wall's list latency at 100,000 drawings and 1,000,000 reactions against 1,000 and 10,000
 * (bench/wall.ts); then issue 29's: the drawing document's encoded size and decode time (bench/codec/index.ts),
 * and the drawing as a log in the page: the backup's cost per stroke, a replay from the start, and with
 * --baseline <checkout> the per-move cost side by side with another commit's (bench/document/index.ts);
 * then issue 32's, where podman is installed: the container image's added size, a build without layer cache, and
 * fresh containers' start to healthy and SIGTERM to exit (bench/container.ts); then issue 28's soak: the server's
 * memory after each of three rounds of hostile load within the limits, and /healthz p99 during them (bench/soak.ts);
 * then issue 30's timelapse: a drawing's log against its PNG, the player's frames, its MP4 and GIF made in
 * Chromium, and a save with the log against one without it (bench/timelapse/index.ts).
 *
 * The page, server, validation, wall, codec and container benches write their figures and verdicts into BENCHMARKS.md's generated
 * blocks (bench/benchmarks-file.ts; Lighthouse's are printed only); --benchmarks <path> writes another file,
 * --benchmarks none none.
 *
 * Options: --markdown <path> (also write the report as Markdown), --runs <n> (default 5),
 * --strokes <n> (size of the "full" drawing, default 1000), --budget <seconds> (default 210: no run starts
 * later, which keeps the page bench within about 5 minutes on 2 cores), --only page|pairs|fill|server|lighthouse|validation|wall|codec|document|container|soak|timelapse
 * (default all; the page bench includes the fill and the side-by-side figures; pairs: those figures alone, Fanvas against the floor and zoomed against unzoomed), --fill-runs <n> (default 7: each is a fresh page and a
 * second or two), --lighthouse-runs <n> (default 5), --client-dir <dir> (Lighthouse an existing build instead
 * of building), --server-runs <n> (default 5), --saves <n> (distinct drawings saved per run, default 1000),
 * --pairs <n> (block pairs of each side-by-side figure, bench/paired.ts, default 60; 0 skips them and the
 * runs' medians decide; about 1.5 s a pair), --baseline <checkout> (the document bench's commit to compare with),
 * --soak-seconds <n> (length of each of the soak's three rounds, default 60).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { BrowserContext } from "@playwright/test";
import { podmanInstalled } from "../tests/container/helpers/podman.ts";
import { updateBenchmarksFile, verdictTable } from "./benchmarks-file.ts";
import { launchBenchBrowser } from "./browser.ts";
import { appInitialBytes, buildBenchPage, minimalPageBytes } from "./build.ts";
import { runCodecBench } from "./codec/index.ts";
import { runContainerBench } from "./container.ts";
import { runDocumentBench } from "./document/index.ts";
import { fillBench } from "./fill.ts";
import { runLighthouseBench } from "./lighthouse.ts";
import { loadAverage, machine, machineHeading, today } from "./machine.ts";
import { measureSystem, type RunSample, type SystemSummary, type Workload } from "./measure.ts";
import { methodNotes } from "./notes.ts";
import { SYSTEM_NAMES, type SystemName } from "./page/api.ts";
import { pageVerdicts } from "./page-verdicts.ts";
import { describePaired, type PairedFigures, pairedPerMove } from "./paired.ts";
import { renderMarkdown, renderText } from "./report.ts";
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

/** The page bench, then the fill; resolves with their Markdown sections and the page's verdict rows. */
async function pageBench(): Promise<{ markdown: string; verdicts: string[][] }> {
  const started = performance.now();
  const loadAtStart = loadAverage();
  const runs = Number(options.runs);
  const workload = benchWorkload();
  const budgetMs = Number(options.budget) * 1000;
  const samples = new Map<SystemName, RunSample[]>(SYSTEMS.map((name) => [name, []]));
  let completedRuns = 0;
  const { fill: fillSection, paired } = await withBenchPage(async (browserContext, url) => {
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
  process.stdout.write(`${renderText(summaries, context)}\n\n${fillSection.join("\n")}\n`);
  return {
    markdown: `${renderMarkdown(summaries, context)}\n${fillSection.join("\n")}`,
    verdicts: pageVerdicts(summaries),
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

/** The fill bench alone (`--only fill`); resolves with its Markdown section. */
async function fillOnly(): Promise<string> {
  const loadAtStart = loadAverage();
  const lines = await withBenchPage((context, url) => fillBench(context, url, Number(options["fill-runs"])));
  const heading = machineHeading(loadAtStart);
  const text = [heading, "", ...lines].join("\n");
  process.stdout.write(`${text}\n`);
  return text;
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

async function main(): Promise<void> {
  const only = options.only;
  const known = [
    "page",
    "pairs",
    "fill",
    "server",
    "lighthouse",
    "validation",
    "wall",
    "codec",
    "document",
    "container",
    "soak",
    "timelapse",
  ];
  if (only !== undefined && !known.includes(only)) {
    throw new Error(`--only must be one of ${known.join(", ")} (got "${only}"); without it all run.`);
  }
  const sections: string[] = [];
  // Each bench's blocks are written as soon as it is done, so a later failure does not lose them.
  const write = async (blocks: Record<string, string>) => {
    if (options.benchmarks === "none") return;
    await updateBenchmarksFile(options.benchmarks, blocks);
    process.stdout.write(`\n${options.benchmarks} updated: ${Object.keys(blocks).join(", ")}\n`);
  };
  if (only === "fill") sections.push(await fillOnly());
  if (only === "pairs") await pairsOnly();
  if (only === undefined || only === "page") {
    const page = await pageBench();
    sections.push(page.markdown);
    await write({ page: page.markdown, "page-verdicts": verdictTable(page.verdicts) });
  }
  if (only === undefined || only === "lighthouse") {
    const lighthouse = await runLighthouseBench(Number(options["lighthouse-runs"]), options["client-dir"]);
    process.stdout.write(`\n${lighthouse.text}\n`);
    sections.push(lighthouse.markdown);
  }
  if (only === undefined || only === "server") {
    if (sections.length > 0) process.stdout.write("\n");
    const server = await runServerBench({
      drawings: Number(options.saves),
      runs: Number(options["server-runs"]),
    });
    process.stdout.write(`${server.text}\n`);
    sections.push(server.markdown);
    await write({ server: server.markdown, "server-verdicts": verdictTable(server.verdicts) });
  }
  if (only === undefined || only === "validation") {
    const validation = await runValidationBench(Number(options.runs));
    process.stdout.write(`\n${validation.text}\n`);
    sections.push(validation.markdown);
    await write({ validation: validation.markdown });
  }
  if (only === undefined || only === "wall") {
    const wall = await runWallBench(Number(options.runs));
    process.stdout.write(`\n${wall.text}\n`);
    sections.push(wall.markdown);
    await write({ wall: wall.markdown, "wall-verdicts": verdictTable(wall.verdicts) });
  }
  if (only === undefined || only === "document") {
    const document = await runDocumentBench({
      workload: benchWorkload(),
      pairs: Number(options.pairs),
      baseline: options.baseline ?? null,
    });
    process.stdout.write(`\n${document.text}\n`);
    sections.push(document.text);
    await write({ "document-verdicts": verdictTable(document.verdicts) });
  }
  if (only === undefined || only === "soak") {
    const soak = await runSoakBench(Number(options["soak-seconds"]));
    process.stdout.write(`\n${soak.text}\n`);
    sections.push(soak.markdown);
    await write({ soak: soak.markdown, "soak-verdicts": verdictTable(soak.verdicts) });
  }
  if (only === undefined || only === "timelapse") {
    const timelapse = await runTimelapseBench();
    process.stdout.write(`\n${timelapse.text}\n`);
    sections.push(timelapse.markdown);
    await write({ timelapse: timelapse.markdown, "timelapse-verdicts": verdictTable(timelapse.verdicts) });
  }
  if (only === undefined || only === "codec") {
    const codec = runCodecBench(Number(options.runs));
    process.stdout.write(`\n${codec.text}\n`);
    sections.push(codec.markdown);
    await write({ codec: codec.markdown, "codec-verdicts": verdictTable(codec.verdicts) });
  }
  if (only === "container" || (only === undefined && podmanInstalled())) {
    const container = await runContainerBench(Number(options.runs));
    process.stdout.write(`\n${container.text}\n`);
    sections.push(container.markdown);
    await write({ container: container.markdown, "container-verdicts": verdictTable(container.verdicts) });
  } else if (only === undefined) {
    process.stdout.write("\nContainer bench left out: podman is not installed.\n");
  }
  if (options.markdown !== undefined) {
    await writeFile(options.markdown, sections.join("\n"));
    process.stdout.write(`\nMarkdown written to ${options.markdown}\n`);
  }
}

await main();
