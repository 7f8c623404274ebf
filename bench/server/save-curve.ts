import { measureBareValidation } from "./bare-validation.ts";
import type { Dialect } from "./databases.ts";
import { describeLoad, type LoadResult } from "./http-load.ts";
import { measureSaves, measureValidation, type SaveRun } from "./saves-bench.ts";

/** The concurrencies of the save curve: one saver, a few, the reference load, and four times it. */
export const SAVE_CONCURRENCIES = [1, 4, 16, 64] as const;

/** One point of the curve: every run at one concurrency. */
export interface CurvePoint {
  readonly concurrency: number;
  /** The server's own validation in process at this concurrency: what a save cannot go below. */
  readonly floor: readonly LoadResult[];
  /** The bare validation server over HTTP at this concurrency: the floor less what HTTP here costs. */
  readonly bare: readonly LoadResult[];
  readonly saves: ReadonlyMap<Dialect, readonly SaveRun[]>;
}

/** Saves per second at each concurrency, on each store, against the floor at the same concurrency. */
export type SaveCurve = readonly CurvePoint[];

/** Warm-up saves before each measured run: JIT, sharp's threads, the database's caches, every socket. */
const WARMUP_PER_WORKER = 2;
const MIN_WARMUP = 32;

/**
 * Measures the curve: each run visits every concurrency, and at each the floor, the bare validation server, then
 * every store, so a slow
 * moment of a shared machine spreads over all of them rather than falling on one. `log` hears every run.
 */
export async function measureSaveCurve(
  dialects: readonly Dialect[],
  drawings: readonly Buffer[],
  runs: number,
  log: (line: string) => void,
): Promise<SaveCurve> {
  const points = SAVE_CONCURRENCIES.map((concurrency) => ({
    concurrency,
    floor: [] as LoadResult[],
    bare: [] as LoadResult[],
    saves: new Map<Dialect, SaveRun[]>(dialects.map((dialect) => [dialect, []])),
  }));
  for (let run = 1; run <= runs; run += 1) {
    for (const point of points) {
      const load = {
        concurrency: point.concurrency,
        warmup: Math.max(MIN_WARMUP, WARMUP_PER_WORKER * point.concurrency),
      };
      point.floor.push(await measureValidation(drawings, load));
      log(`run ${run} at ${point.concurrency} concurrent, validation floor: ${describe(point.floor.at(-1))}`);
      point.bare.push(await measureBareValidation(drawings, load));
      log(
        `run ${run} at ${point.concurrency} concurrent, bare HTTP + validation: ${describe(point.bare.at(-1))}`,
      );
      for (const dialect of dialects) {
        const result = await measureSaves(dialect, drawings, load);
        point.saves.get(dialect)?.push(result);
        log(`run ${run} at ${point.concurrency} concurrent, saves ${dialect}: ${describe(result.load)}`);
      }
    }
  }
  return points;
}

function describe(result: LoadResult | undefined): string {
  return result === undefined ? "n/a" : describeLoad(result);
}
