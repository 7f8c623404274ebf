import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { CANVAS_SIZE } from "../../src/common/constants.ts";
import { validateDrawingPng } from "../../src/server/png/validate.ts";
import { spawnServer } from "../../tests/api/helpers/server-process.ts";
import { createBenchDatabase, type Dialect } from "./databases.ts";
import { type Answer, keepAliveAgent, type LoadResult, runLoad, send } from "./http-load.ts";

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

/**
 * One run: a fresh database and a fresh `node src/server/main.ts`, `warmup` saves, then every drawing
 * once at `concurrency`. The server's background worker runs as in production (it yields to saves).
 */
export async function measureSaves(dialect: Dialect, drawings: readonly Buffer[], load: SaveLoad) {
  const database = await createBenchDatabase(dialect);
  try {
    const server = await spawnServer({ ...database.env, ...BENCH_SERVER_ENV });
    const agent = keepAliveAgent(load.concurrency);
    try {
      const post = (index: number) =>
        postDrawing(agent, server.baseUrl, drawings[index % drawings.length] ?? Buffer.alloc(0));
      await runLoad(load.warmup, load.concurrency, (index) => post(drawings.length - 1 - index));
      return await runLoad(drawings.length, load.concurrency, post);
    } finally {
      agent.destroy();
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

/**
 * The floor: sharp decodes each PNG to raw pixels, in this one process, with `concurrency` decodes in
 * flight at once (async workers over a shared counter, exactly the HTTP loop's model; sharp runs them on
 * libuv's thread pool as the server does). No HTTP, no checks, no hashing, no database.
 */
export function measureDecodeFloor(drawings: readonly Buffer[], load: SaveLoad): Promise<LoadResult> {
  const decode = async (index: number) => {
    const png = drawings[index % drawings.length] ?? Buffer.alloc(0);
    await sharp(png, { failOn: "error", limitInputPixels: CANVAS_SIZE * CANVAS_SIZE })
      .raw()
      .toBuffer();
    return OK;
  };
  return warmThenRun(drawings.length, load, decode);
}

/** The server's whole validation (structure walk with its inflate, then the decode) in-process: no HTTP, no DB. */
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
