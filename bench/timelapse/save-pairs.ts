/**
 * Save with the log against save without it, same run: one server on a fresh database, each distinct
 * realistic PNG posted once, alternately alone (image/png) and in a save bundle with a realistic 1,000-stroke
 * drawing's log, the order flipping every pair so drift and load land on both sides. One at a time, as a visitor
 * saves: the figure is each save's latency.
 */
import { randomUUID } from "node:crypto";
import { encodeSaveBundle, SAVE_BUNDLE_TYPE } from "../../src/common/save-bundle.ts";
import { spawnServer } from "../../tests/api/helpers/server-process.ts";
import { createBenchDatabase, type Dialect } from "../server/databases.ts";
import { realisticDrawings } from "../server/drawings.ts";
import { keepAliveAgent, send } from "../server/http-load.ts";
import { BENCH_SERVER_ENV } from "../server/saves-bench.ts";
import { median } from "../stats.ts";

/** One round's medians. */
export interface SaveRound {
  readonly alone: number;
  readonly withLog: number;
}

/** Saves sent (and not counted) first, each way: JIT, sharp's threads, the database's caches. */
const WARMUP = 8;

/** `rounds` rounds of `pairs` pairs on `dialect`; every round's p50 of each side. */
export async function measureSavePairs(
  dialect: Dialect,
  making: Uint8Array,
  pairs: number,
  rounds: number,
): Promise<SaveRound[]> {
  const pngs = await realisticDrawings(2 * (WARMUP + pairs * rounds));
  const database = await createBenchDatabase(dialect);
  const server = await spawnServer({ ...database.env, ...BENCH_SERVER_ENV });
  const agent = keepAliveAgent(1);
  let next = 0;
  const save = async (withLog: boolean): Promise<number> => {
    const png = pngs[next] ?? Buffer.alloc(0);
    next += 1;
    const body = withLog ? Buffer.from(encodeSaveBundle(png, making)) : png;
    const started = performance.now();
    const answer = await send(agent, `${server.baseUrl}/api/drawings`, {
      method: "POST",
      headers: {
        "content-type": withLog ? SAVE_BUNDLE_TYPE : "image/png",
        "idempotency-key": randomUUID(),
      },
      body,
    });
    const ms = performance.now() - started;
    if (answer.status !== 201) throw new Error(`a save answered ${answer.status}: ${answer.body}`);
    return ms;
  };
  try {
    for (let index = 0; index < WARMUP; index += 1) {
      await save(true);
      await save(false);
    }
    const results: SaveRound[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const alone: number[] = [];
      const withLog: number[] = [];
      for (let pair = 0; pair < pairs; pair += 1) {
        const logFirst = pair % 2 === 0;
        for (const side of logFirst ? [true, false] : [false, true]) {
          (side ? withLog : alone).push(await save(side));
        }
      }
      results.push({ alone: median(alone), withLog: median(withLog) });
    }
    return results;
  } finally {
    agent.destroy();
    await server.stop();
    await database.drop();
  }
}
