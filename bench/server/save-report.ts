import { SAVE_PHASES } from "../../src/server/drawings/save-timeline.ts";
import { median } from "../stats.ts";
import { ms, rate, ratio, type Table } from "../tables.ts";
import type { Dialect } from "./databases.ts";
import type { LoadResult } from "./http-load.ts";
import type { CurvePoint, SaveCurve } from "./save-curve.ts";
import type { SaveBreakdown } from "./save-metrics.ts";

// The saves' tables: saves/s by concurrency against the validation floor, where a save's time goes, and the
// verdicts (>= 0.8x floor on SQLite, >= 0.6x on PostgreSQL, p99 < 100 ms, 64 concurrent no worse than 16).

/** Each store as the tables name it. */
export const NAMES: Record<Dialect, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };
/** Share of the in-process validation floor each store must reach at the reference concurrency. */
const FLOOR_SHARE: Record<Dialect, number> = { sqlite: 0.8, postgres: 0.6 };
/** The concurrency the targets are judged at, and the higher one that must do no worse. */
export const REFERENCE = 16;
export const HIGH = 64;
const P99_LIMIT_MS = 100;

/** A verdict cell. */
export const verdict = (met: boolean) => (met ? "met" : "MISSED");

/** Median over runs of saves/s, p50 and p99, and the min-max of saves/s. */
export function summarise(runs: readonly LoadResult[]) {
  const rates = runs.map((run) => run.perSecond);
  return {
    perSecond: median(rates),
    min: Math.min(...rates),
    max: Math.max(...rates),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
  };
}

const loads = (point: CurvePoint | undefined, dialect: Dialect) =>
  point?.saves.get(dialect)?.map((run) => run.load) ?? [];

function cell(runs: readonly LoadResult[]): string {
  if (runs.length === 0) return "n/a";
  const { perSecond, min, max, p99 } = summarise(runs);
  return `${rate(perSecond)} (${Math.round(min)}-${Math.round(max)}), p99 ${ms(p99)} ms`;
}

/** Saves/s at each concurrency: the floor, each store, and each store's ratio to the floor. */
export function saveCurveTable(curve: SaveCurve, dialects: readonly Dialect[]): Table {
  const header = [
    "Saves/s, median (min-max of runs), p99",
    ...curve.map((p) => `${p.concurrency} concurrent`),
  ];
  const perSecond = (runs: readonly LoadResult[]) => summarise(runs).perSecond;
  const ratioRow = (
    label: string,
    pick: (point: CurvePoint) => readonly LoadResult[],
    against: "floor" | "bare",
  ) => [label, ...curve.map((point) => ratio(perSecond(pick(point)), perSecond(point[against])))];
  const rows = [
    ["validation floor (in process)", ...curve.map((point) => cell(point.floor))],
    ["bare HTTP + validation (no store)", ...curve.map((point) => cell(point.bare))],
    ratioRow("bare / floor", (point) => point.bare, "floor"),
  ];
  for (const dialect of dialects) {
    rows.push([NAMES[dialect], ...curve.map((point) => cell(loads(point, dialect)))]);
    rows.push(ratioRow(`${NAMES[dialect]} / floor`, (point) => loads(point, dialect), "floor"));
    rows.push(ratioRow(`${NAMES[dialect]} / bare`, (point) => loads(point, dialect), "bare"));
  }
  return [header, ...rows];
}

/** The median over runs of one figure of the server's breakdown. */
function medianOf(runs: readonly SaveBreakdown[], pick: (run: SaveBreakdown) => number | undefined) {
  const values = runs.map(pick).filter((value): value is number => value !== undefined);
  return values.length === 0 ? "n/a" : median(values);
}

/** Where a save's time goes on each store at `concurrency`, from the server's own /metrics (median of runs). */
export function savePhaseTable(curve: SaveCurve, dialects: readonly Dialect[], concurrency: number): Table {
  const point = curve.find((candidate) => candidate.concurrency === concurrency);
  const breakdowns = dialects.map((dialect) => point?.saves.get(dialect)?.map((run) => run.breakdown) ?? []);
  const row = (label: string, pick: (run: SaveBreakdown) => number | undefined, format = ms) => [
    label,
    ...breakdowns.map((runs) => {
      const value = medianOf(runs, pick);
      return typeof value === "string" ? value : format(value);
    }),
  ];
  const cores = (value: number) => value.toFixed(2);
  const count = (value: number) => value.toFixed(1);
  const floorCpu = median((point?.floor ?? []).map((run) => (run.clientCpu / run.perSecond) * 1000));
  const perSave = (dialect: Dialect | undefined) => {
    const runs = (dialect === undefined ? undefined : point?.saves.get(dialect)) ?? [];
    return median(runs.map((run) => (run.breakdown.serverCores / run.load.perSecond) * 1000));
  };
  return [
    [`At ${concurrency} concurrent, ms per save (mean, median of runs)`, ...dialects.map((d) => NAMES[d])],
    ...SAVE_PHASES.map((phase) => row(phase, (run) => run.phases.get(phase))),
    row("total of the phases", (run) => [...run.phases.values()].reduce((sum, value) => sum + value, 0)),
    row("store: waiting for the batch ahead", (run) => run.commitParts.get("wait")),
    row("store: the batch's statements (PostgreSQL: with its commit)", (run) =>
      run.commitParts.get("statements"),
    ),
    row("store: the batch's flush to disk", (run) => run.commitParts.get("flush")),
    row("writes per group commit", (run) => run.writesPerCommit, count),
    row("server process CPU (cores)", (run) => run.serverCores, cores),
    [
      "the bench's client CPU per save, ms (on the same cores)",
      ...dialects.map((dialect) =>
        ms(
          median(
            point?.saves.get(dialect)?.map((run) => (run.load.clientCpu / run.load.perSecond) * 1000) ?? [],
          ),
        ),
      ),
    ],
    [
      `server CPU per save, ms (the floor's validation in process: ${ms(floorCpu)})`,
      ...dialects.map((dialect) => ms(perSave(dialect))),
    ],
    row("background jobs pending at the start of the measured saves", (run) => run.backgroundBefore, count),
    row(
      "background jobs pending at their end (2 per save: thumbnail, re-encoding)",
      (run) => run.backgroundPending,
      count,
    ),
  ];
}

/** Verdict rows (Figure, Measured, Against, Ratio, Target, Verdict) of the saves' targets. */
export function saveVerdictRows(curve: SaveCurve, dialects: readonly Dialect[]): string[][] {
  const reference = curve.find((point) => point.concurrency === REFERENCE);
  const high = curve.find((point) => point.concurrency === HIGH);
  if (reference === undefined) return [];
  const floor = summarise(reference.floor);
  const rows: string[][] = [];
  for (const dialect of dialects) {
    const runs = loads(reference, dialect);
    const save = summarise(runs);
    const share = FLOOR_SHARE[dialect];
    rows.push([
      `saves/s at ${REFERENCE} concurrent, ${NAMES[dialect]} (${runs.length} runs of ${runs[0]?.requests ?? 0})`,
      `${rate(save.perSecond)} (runs ${Math.round(save.min)}-${Math.round(save.max)}), p50 ${ms(save.p50)} ms, p99 ${ms(save.p99)} ms`,
      `validation floor ${rate(floor.perSecond)} (runs ${Math.round(floor.min)}-${Math.round(floor.max)})`,
      ratio(save.perSecond, floor.perSecond),
      `>= ${share}x floor, p99 < ${P99_LIMIT_MS} ms`,
      verdict(save.perSecond >= share * floor.perSecond && save.p99 < P99_LIMIT_MS),
    ]);
  }
  for (const dialect of high === undefined ? [] : dialects) {
    const [at16, at64] = [summarise(loads(reference, dialect)), summarise(loads(high, dialect))];
    rows.push([
      `saves/s at ${HIGH} concurrent against ${REFERENCE}, ${NAMES[dialect]}`,
      `${rate(at64.perSecond)}, p99 ${ms(at64.p99)} ms`,
      `${REFERENCE} concurrent ${rate(at16.perSecond)}`,
      ratio(at64.perSecond, at16.perSecond),
      `>= 1.00x (no worse than ${REFERENCE})`,
      verdict(at64.perSecond >= at16.perSecond),
    ]);
  }
  return rows;
}
