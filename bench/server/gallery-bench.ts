import type { Store } from "../../src/server/db/open.ts";
import { isoTime } from "../../src/server/db/values.ts";
import { encodeCursor } from "../../src/server/wall/wall-cursor.ts";
import type { ServerProcess } from "../../tests/api/helpers/server-process.ts";
import { createBenchDatabase, type Dialect } from "./databases.ts";
import { keepAliveAgent, type LoadResult, runLoad } from "./http-load.ts";
import { seedDrawings, seedMaterial } from "./seed.ts";
import { getOk, seedAndServe } from "./seeded-server.ts";

/** The page size the wall's latency target names. */
const LIMIT = 24;
/** "Deep": the page that starts after this share of the wall. */
const DEEP_FRACTION = 0.9;
/** Seeded drawings are this far apart, the newest now. */
const SEED_STEP_MS = 1000;

/** How the gallery phase is shaped. */
export interface GalleryLoad {
  readonly sizes: readonly [number, number];
  readonly requests: number;
  readonly warmup: number;
}

/** Latency of the first and of a deep page at one wall size. */
export interface WallLatency {
  readonly drawings: number;
  readonly seedSeconds: number;
  readonly first: LoadResult;
  readonly deep: LoadResult;
  readonly deepOffset: number;
}

/**
 * Seeds the smaller wall, measures it through a real server process, tops the same database up to the
 * larger size (older drawings, so the first page stays the same) and measures again.
 */
export async function measureGallery(dialect: Dialect, load: GalleryLoad): Promise<WallLatency[]> {
  const database = await createBenchDatabase(dialect);
  const material = await seedMaterial();
  const newest = Date.now();
  const results: WallLatency[] = [];
  try {
    let seeded = 0;
    for (const size of load.sizes) {
      const deepOffset = Math.floor(size * DEEP_FRACTION);
      const wall = await seedAndServe(database, async (store) => {
        const rows = { from: seeded, to: size, newest, stepMs: SEED_STEP_MS };
        await seedDrawings(store.db, store.dialect, material, rows);
        return cursorAt(store, deepOffset);
      });
      seeded = size;
      try {
        const latencies = await pageLatencies(wall.server, wall.seeded, load);
        results.push({ drawings: size, seedSeconds: wall.seedSeconds, deepOffset, ...latencies });
      } finally {
        await wall.server.stop();
      }
    }
  } finally {
    await database.drop();
  }
  return results;
}

/** The cursor a visitor would hold after scrolling past `offset` drawings. */
async function cursorAt(store: Store, offset: number): Promise<string> {
  const row = await store.db
    .selectFrom("drawings")
    .select(["id", "created_at"])
    .where("status", "=", "visible")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(offset - 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  return encodeCursor({ createdAt: isoTime(row.created_at), id: row.id });
}

/** One request at a time on one keep-alive socket: the latency a visitor sees, not a throughput figure. */
async function pageLatencies(server: ServerProcess, cursor: string, load: GalleryLoad) {
  const agent = keepAliveAgent(1);
  try {
    const measure = async (url: string) => {
      await runLoad(load.warmup, 1, () => getOk(agent, url));
      return runLoad(load.requests, 1, () => getOk(agent, url));
    };
    const base = `${server.baseUrl}/api/drawings?limit=${LIMIT}`;
    const first = await measure(base);
    const deep = await measure(`${base}&before=${cursor}`);
    return { first, deep };
  } finally {
    agent.destroy();
  }
}
