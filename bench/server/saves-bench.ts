import { randomUUID } from "node:crypto";
import { validateDrawingPng } from "../../src/server/png/validate.ts";
import { spawnServer } from "../../tests/api/helpers/server-process.ts";
import { createBenchDatabase, type Dialect } from "./databases.ts";
import { type Answer, keepAliveAgent, type LoadResult, runLoad, send } from "./http-load.ts";
import { breakdownBetween, type SaveBreakdown, snapshotMetrics } from "./save-metrics.ts";

/** Environment of every bench server: one client sends everything, so the per-client save limit is off. */
export const BENCH_SERVER_ENV = { SAVE_RATE_LIMIT: "0", LOG_LEVEL: "warn", METRICS_ALLOW_LOCAL: "true" };

/** How a save run is shaped. */
export interface SaveLoad {
  readonly concurrency: number;
  /** Saves sent (and not counted) before the measured ones: JIT, sharp's threads, the database's caches. */
  readonly warmup: number;
}

const OK: Answer = { status: 200, body: Buffer.alloc(0) };

/** POSTs one PNG as the page does: raw bytes, a fresh Idempotency-Key. */
export function postDrawing(agent: ReturnType<typeof keepAliveAgent>, baseUrl: string, png: Buffer) {
  return send(agent, `${baseUrl}/api/drawings`, {
    method: "POST",
    headers: { "content-type": "image/png", "idempotency-key": randomUUID() },
    body: png,
  });
}

/** One run of saves: the load as the client saw it, and where the server says the time went. */
export interface SaveRun {
  readonly load: LoadResult;
  readonly breakdown: SaveBreakdown;
}

/**
 * One run: a fresh database and a fresh `node src/server/main.ts`, `warmup` saves, then every drawing
 * once at `concurrency`, with /metrics read before and after the measured saves. The server's background
 * worker runs as in production (it yields to saves).
 */
export async function measureSaves(
  dialect: Dialect,
  drawings: readonly Buffer[],
  load: SaveLoad,
): Promise<SaveRun> {
  const database = await createBenchDatabase(dialect);
  try {
    const server = await spawnServer({ ...database.env, ...BENCH_SERVER_ENV });
    const agent = keepAliveAgent(load.concurrency);
    try {
      const post = (index: number) =>
        postDrawing(agent, server.baseUrl, drawings[index % drawings.length] ?? Buffer.alloc(0));
      await runLoad(load.warmup, load.concurrency, (index) => post(drawings.length - 1 - index));
      const before = await snapshotMetrics(agent, server.baseUrl, server.child.pid);
      const result = await runLoad(drawings.length, load.concurrency, post);
      const after = await snapshotMetrics(agent, server.baseUrl, server.child.pid);
      return { load: result, breakdown: breakdownBetween(before, after) };
    } finally {
      agent.destroy();
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

/**
 * The floor of a save: the server's own validation (validateDrawingPng: the chunk walk, one bounded inflate of the
 * image data, the scanline filter check) on the same uploads, in this one process, `concurrency` at once through
 * the same worker/counter loop as the HTTP load. No HTTP, hashing or database: what a save costs beyond this is
 * the server's overhead.
 */
export function measureValidation(drawings: readonly Buffer[], load: SaveLoad): Promise<LoadResult> {
  const validate = async (index: number) => {
    await validateDrawingPng(drawings[index % drawings.length] ?? Buffer.alloc(0));
    return OK;
  };
  return warmThenRun(drawings.length, load, validate);
}

async function warmThenRun(
  total: number,
  load: SaveLoad,
  one: (index: number) => Promise<Answer>,
): Promise<LoadResult> {
  await runLoad(load.warmup, load.concurrency, one);
  return runLoad(total, load.concurrency, one);
}
