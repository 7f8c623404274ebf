/**
 * The server area of `npm run bench` (`--only server`): saves against the validation floor at 1 to 64
 * concurrent and where their time goes, serving one drawing
 * against nginx, stored and thumbnail bytes, wall latency at two sizes and the first wall screen's bytes.
 * Loopback only, bounded in requests and time; every server, nginx, database and temp dir it starts is
 * stopped or removed before it returns. Figures only: nothing is asserted.
 */

import { cpus } from "node:os";
import { killLeftoverServers } from "../../tests/api/helpers/server-process.ts";
import type { VerdictRow } from "../benchmarks-file.ts";
import { loadAverage, machineHeading } from "../machine.ts";
import { encodeLikeTheBrowser } from "./browser-encode.ts";
import { type GalleryChunks, galleryChunkBytes } from "./client-chunks.ts";
import { benchDialects, type Dialect } from "./databases.ts";
import { realisticDrawings } from "./drawings.ts";
import { measureGallery, type WallLatency } from "./gallery-bench.ts";
import type { LoadResult } from "./http-load.ts";
import { describeLoad, describeStatuses } from "./http-load.ts";
import { serverNotes } from "./notes.ts";
import { renderServerMarkdown, renderServerText, type ServerResults, serverVerdicts } from "./report.ts";
import { measureSaveCurve, type SaveCurve } from "./save-curve.ts";
import { measureStored, type StoredFigures } from "./stored-bench.ts";

/** Sizes of the run; the defaults keep the whole server bench near 5 to 6 minutes on 2 cores. */
export interface ServerBenchOptions {
  readonly drawings: number;
  readonly runs: number;
}

const SERVING = { concurrency: 50, requests: 5000, warmup: 500 };
/** Drawings saved and left to the worker (re-encoding costs ~150 ms each): bytes on SQLite, serving on both. */
const STORED_COUNT: Record<Dialect, number> = { sqlite: 100, postgres: 24 };
const GALLERY = { sizes: [1000, 100_000] as const, requests: 200, warmup: 20 };

function log(line: string): void {
  process.stderr.write(`[server bench] ${line}\n`);
}

/** Statuses other than the expected one are printed as warnings, never folded into the figures silently. */
function unexpected(what: string, runs: readonly LoadResult[], expected: number): string[] {
  return runs.flatMap((run) =>
    [...run.statuses.keys()].some((status) => status !== expected)
      ? [`${what}: ${describeStatuses(run.statuses)} (expected only ${expected})`]
      : [],
  );
}

/** Runs every phase and returns the report as text and Markdown. */
export async function runServerBench(
  options: ServerBenchOptions,
): Promise<{ text: string; markdown: string; verdicts: VerdictRow[] }> {
  const started = performance.now();
  const load = loadAverage();
  const dialects = benchDialects();
  const problems: string[] = [];
  if (load > cpus().length) {
    problems.push(
      `the load average was ${load.toFixed(1)} on ${cpus().length} cores at the start: other work shared the CPU, so every figure is slower and noisier than on an idle machine.`,
    );
  }
  log(`rendering ${options.drawings} drawings; dialects: ${dialects.join(", ")}`);
  const drawings = await realisticDrawings(options.drawings);
  let curve: SaveCurve = [];
  const stored: StoredFigures[] = [];
  const gallery = new Map<Dialect, WallLatency[]>();
  let chunks: GalleryChunks | string = "not measured";
  try {
    // Runs interleave the systems, so a slow moment of a shared machine does not fall on one of them.
    curve = await measureSaveCurve(dialects, drawings, options.runs, log);
    for (const dialect of dialects) {
      const subset = drawings.filter(
        (_, index) => index % Math.ceil(drawings.length / STORED_COUNT[dialect]) === 0,
      );
      // Uploaded as the page uploads them: encoded by Chromium's canvas, as the spec's data URL is.
      const uploads = await encodeLikeTheBrowser(subset.slice(0, STORED_COUNT[dialect]));
      const figures = await measureStored(dialect, uploads, {
        ...SERVING,
        runs: options.runs,
        drainDeadlineMs: 90_000,
      });
      stored.push(figures);
      log(
        `stored ${dialect}: worker drained in ${figures.drainSeconds?.toFixed(1) ?? "NOT"} s; serving ${figures.fanvas.map(describeLoad).join(" | ")}; nginx ${figures.nginx?.map(describeLoad).join(" | ") ?? "n/a"}`,
      );
      if (figures.drainSeconds === null)
        problems.push(
          `${dialect}: the worker had not finished within 90 s; stored bytes include drawings not yet re-encoded.`,
        );
      problems.push(...unexpected(`serving on ${dialect}`, figures.fanvas, 200));
    }
    for (const dialect of dialects) {
      const walls = await measureGallery(dialect, GALLERY);
      gallery.set(dialect, walls);
      for (const wall of walls) {
        log(
          `wall ${dialect} ${wall.drawings}: seeded in ${wall.seedSeconds.toFixed(1)} s; first ${describeLoad(wall.first)}; deep ${describeLoad(wall.deep)}`,
        );
      }
    }
    chunks = await galleryChunkBytes().catch(
      (error: unknown) => `the page did not build: ${String(error).split("\n")[0]}`,
    );
    if (typeof chunks === "string") problems.push(chunks);
  } finally {
    // A phase that failed halfway must not leave a server running.
    killLeftoverServers();
  }
  for (const point of curve) {
    for (const [dialect, runs] of point.saves) {
      const what = `saves on ${dialect} at ${point.concurrency} concurrent`;
      problems.push(
        ...unexpected(
          what,
          runs.map((run) => run.load),
          201,
        ),
      );
    }
  }
  const storedCounts = stored.map((figures) => `${figures.stored.length} drawings on ${figures.dialect}`);
  const results: ServerResults = {
    heading: `${machineHeading(load)} - ${((performance.now() - started) / 1000).toFixed(0)} s`,
    dialects,
    curve,
    stored,
    gallery,
    chunks,
    notes: serverNotes({
      drawings: drawings.length,
      concurrencies: curve.map((point) => point.concurrency),
      storedCounts,
      serving: SERVING,
      gallerySizes: GALLERY.sizes,
      galleryRequests: GALLERY.requests,
      chunkFiles: typeof chunks === "string" ? [] : chunks.files,
      problems,
    }),
  };
  return {
    text: renderServerText(results),
    markdown: renderServerMarkdown(results),
    verdicts: serverVerdicts(results),
  };
}
