/**
 * Save with the log against save without it, same run: one server on a fresh database; each pair posts one
 * drawing's PNG twice, alone (image/png) and in a save bundle with a log (the body built before the clock starts,
 * once, as the alone one is), so the two sides differ by the log and nothing else; the order flips every pair so drift
 * and load land on both sides. One at a time, as a visitor saves: the figure is each save's latency.
 */
import { randomUUID } from "node:crypto";
import { encodeSaveBundle, SAVE_BUNDLE_TYPE } from "../../src/common/save-bundle.ts";
import { spawnServer } from "../../tests/api/helpers/server-process.ts";
import { createBenchDatabase, type Dialect } from "../server/databases.ts";
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

/** What one pair posts: a PNG, and the log that goes with it in the bundle. */
export interface SavedPicture {
  readonly png: Buffer;
  readonly making: Uint8Array;
}

/** A picture's two bodies: its PNG alone, and its save bundle. */
interface Bodies {
  readonly png: Buffer;
  readonly bundle: Buffer;
}

function bodiesOf({ png, making }: SavedPicture): Bodies {
  const bundle = encodeSaveBundle(png, making);
  return { png, bundle: Buffer.from(bundle.buffer, bundle.byteOffset, bundle.byteLength) };
}

/**
 * `rounds` rounds of `pairs` pairs on `dialect`, the pictures taken in turn from `pictures` (cycled); every round's
 * p50 of each side.
 */
export async function measureSavePairs(
  dialect: Dialect,
  pictures: readonly SavedPicture[],
  pairs: number,
  rounds: number,
): Promise<SaveRound[]> {
  const database = await createBenchDatabase(dialect);
  const server = await spawnServer({ ...database.env, ...BENCH_SERVER_ENV });
  const agent = keepAliveAgent(1);
  // Each picture's bundle is built once, as its PNG is: a body built per save left the bench process a 640 KB
  // garbage per save with its log only, whose collection could land inside the next save's clock.
  const bodies = pictures.map(bodiesOf);
  const save = async (picture: Bodies, withLog: boolean): Promise<number> => {
    const body = withLog ? picture.bundle : picture.png;
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
    let next = 0;
    const nextPicture = () => {
      const picture = bodies[next++ % bodies.length];
      if (picture === undefined) throw new Error("the save pairs were given no pictures");
      return picture;
    };
    for (let index = 0; index < WARMUP; index += 1) {
      const picture = nextPicture();
      await save(picture, true);
      await save(picture, false);
    }
    const results: SaveRound[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const alone: number[] = [];
      const withLog: number[] = [];
      for (let pair = 0; pair < pairs; pair += 1) {
        const picture = nextPicture();
        const logFirst = pair % 2 === 0;
        for (const side of logFirst ? [true, false] : [false, true]) {
          (side ? withLog : alone).push(await save(picture, side));
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
