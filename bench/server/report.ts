import { THUMBNAIL_MAX_BYTES } from "../../src/server/png/thumbnail.ts";
import type { VerdictRow } from "../benchmarks-file.ts";
import { kb, markdownTable, ms, rate, ratio, type Table, textTable } from "../tables.ts";
import type { GalleryChunks } from "./client-chunks.ts";
import type { Dialect } from "./databases.ts";
import type { WallLatency } from "./gallery-bench.ts";
import type { SaveCurve } from "./save-curve.ts";
import {
  HIGH,
  NAMES,
  REFERENCE,
  saveCurveTable,
  savePhaseTable,
  saveVerdictRows,
  summarise,
  verdict,
} from "./save-report.ts";
import type { StoredFigures } from "./stored-bench.ts";

/** Everything the server bench measured. */
export interface ServerResults {
  readonly heading: string;
  readonly dialects: readonly Dialect[];
  /** Saves by concurrency against the server's own validation in process. */
  readonly curve: SaveCurve;
  readonly stored: readonly StoredFigures[];
  readonly gallery: ReadonlyMap<Dialect, readonly WallLatency[]>;
  readonly chunks: GalleryChunks | string;
  readonly notes: readonly string[];
}

const HEADER = ["Figure", "Measured", "Against", "Ratio", "Target", "Verdict"];
const DATA_URL_PREFIX = "data:image/png;base64,".length;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const mean = (values: readonly number[]) => sum(values) / values.length;

function servingRows(results: ServerResults): string[][] {
  return results.stored.map((figures) => {
    const fanvas = summarise(figures.fanvas);
    const nginx = figures.nginx === null ? null : summarise(figures.nginx);
    const requests = figures.fanvas[0]?.requests ?? 0;
    return [
      `GET one stored drawing (${kb(figures.servedBytes)}), ${NAMES[figures.dialect]}, ${requests} requests x ${figures.fanvas.length} runs`,
      `${rate(fanvas.perSecond)}, p99 ${ms(fanvas.p99)} ms`,
      nginx === null ? "nginx not installed" : `nginx ${rate(nginx.perSecond)}, p99 ${ms(nginx.p99)} ms`,
      nginx === null ? "n/a" : ratio(fanvas.perSecond, nginx.perSecond),
      ">= 0.5x nginx",
      nginx === null ? "not measured" : verdict(fanvas.perSecond >= 0.5 * nginx.perSecond),
    ];
  });
}

function bytesRows(figures: StoredFigures | undefined): string[][] {
  if (figures === undefined) return [];
  const dataUrls = figures.uploaded.map((bytes) => DATA_URL_PREFIX + Math.ceil(bytes / 3) * 4);
  const stored = mean(figures.stored);
  const dataUrl = mean(dataUrls);
  const drained = figures.drainSeconds === null ? " (worker NOT finished)" : "";
  return [
    [
      `stored bytes per drawing, mean of ${figures.stored.length}${drained}`,
      `${kb(stored)} (uploaded PNG ${kb(mean(figures.uploaded))})`,
      `data URL ${kb(dataUrl)}`,
      ratio(stored, dataUrl),
      "<= 0.5x data URL",
      verdict(stored <= 0.5 * dataUrl),
    ],
  ];
}

function wallRows(results: ServerResults): string[][] {
  const rows: string[][] = [];
  for (const [dialect, walls] of results.gallery) {
    const [small, large] = walls;
    if (small === undefined || large === undefined) continue;
    for (const which of ["first", "deep"] as const) {
      const [a, b] = [small[which], large[which]];
      const where =
        which === "first" ? "first page" : `deep page (after ${large.deepOffset.toLocaleString("en-US")})`;
      rows.push([
        `GET /api/drawings?limit=24, ${where}, ${NAMES[dialect]}`,
        `${large.drawings.toLocaleString("en-US")}: p50 ${ms(b.p50)} ms, p99 ${ms(b.p99)} ms`,
        `${small.drawings.toLocaleString("en-US")}: p50 ${ms(a.p50)} ms, p99 ${ms(a.p99)} ms`,
        `${ratio(b.p50, a.p50)} (p99 ${ratio(b.p99, a.p99)})`,
        "<= 1.5x (p50)",
        verdict(b.p50 <= 1.5 * a.p50),
      ]);
    }
  }
  return rows;
}

function thumbnailRows(results: ServerResults): string[][] {
  const figures = results.stored[0];
  if (figures === undefined) return [];
  const max = Math.max(...figures.thumbnails);
  const screen = figures.firstScreen;
  const chunks = typeof results.chunks === "string" ? null : results.chunks;
  const total = screen.json + screen.thumbnails + (chunks?.gzip ?? 0);
  return [
    [
      `thumbnail bytes per drawing (${figures.thumbnails.length} realistic drawings)`,
      `mean ${kb(mean(figures.thumbnails))}, max ${kb(max)}`,
      "-",
      "-",
      `<= ${kb(THUMBNAIL_MAX_BYTES)} each`,
      verdict(max <= THUMBNAIL_MAX_BYTES),
    ],
    [
      `first wall screen (${screen.items} items, the page's own limit)`,
      `${kb(total)}: list JSON ${kb(screen.json)} + thumbnails ${kb(screen.thumbnails)} + wall JS/CSS ${chunks === null ? "n/a" : `${kb(chunks.gzip)} gz (${kb(chunks.raw)} raw)`}`,
      "-",
      "-",
      "-",
      "-",
    ],
  ];
}

function servingTable(results: ServerResults): Table {
  return [HEADER, ...servingRows(results), ...bytesRows(results.stored[0])];
}

function saveVerdictsTable(results: ServerResults): Table {
  return [HEADER, ...saveVerdictRows(results.curve, results.dialects)];
}

/** The saves' three tables: the verdicts, the curve, and where a save's time goes at 16 and 64 concurrent. */
function saveTables(results: ServerResults): Table[] {
  const { curve, dialects } = results;
  return [
    saveVerdictsTable(results),
    saveCurveTable(curve, dialects),
    savePhaseTable(curve, dialects, REFERENCE),
    savePhaseTable(curve, dialects, HIGH),
  ];
}

function wallPagesTable(results: ServerResults): Table {
  return [HEADER, ...wallRows(results), ...thumbnailRows(results)];
}

/** The rows of the tables that have a target, as verdict rows: figure, result, target, verdict. */
export function serverVerdicts(results: ServerResults): VerdictRow[] {
  const judged = (table: Table) =>
    table
      .slice(1)
      .filter((row) => row[5] === "met" || row[5] === "MISSED")
      .map((row): VerdictRow => {
        const against = row[2] === "-" ? "" : `; against ${row[2]}: ${row[3]}`;
        return [row[0] ?? "", `${row[1]}${against}`, row[4] ?? "", row[5] ?? ""];
      });
  return [
    ...judged(saveVerdictsTable(results)),
    ...judged(servingTable(results)),
    ...judged(wallPagesTable(results)),
  ];
}

/** The report for the terminal. */
export function renderServerText(results: ServerResults): string {
  return [
    `Fanvas server benchmark: ${results.heading}`,
    "",
    "Saves against the validation floor, by concurrency, and where their time goes",
    ...saveTables(results).flatMap((table) => [textTable(table), ""]),
    "Serving, stored bytes",
    textTable(servingTable(results)),
    "",
    "The wall's pages",
    textTable(wallPagesTable(results)),
    "",
    ...results.notes.map((note) => `* ${note}`),
  ].join("\n");
}

/** The same report as Markdown, for BENCHMARKS.md's server section. */
export function renderServerMarkdown(results: ServerResults): string {
  return [
    results.heading,
    "",
    "### Saves against the validation floor, by concurrency, and where their time goes",
    "",
    ...saveTables(results).flatMap((table) => [markdownTable(table), ""]),
    "### Serving, stored bytes",
    "",
    markdownTable(servingTable(results)),
    "",
    "### The wall's pages",
    "",
    markdownTable(wallPagesTable(results)),
    "",
    "How it was measured:",
    "",
    ...results.notes.map((note) => `- ${note}`),
    "",
  ].join("\n");
}
