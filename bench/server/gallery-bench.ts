import { sql } from "kysely";
import { openStore, type Store } from "../../src/server/db/open.ts";
import { encodeCursor } from "../../src/server/drawings/wall-cursor.ts";
import { spawnServer } from "../../tests/api/helpers/server-process.ts";
import { createBenchDatabase, type Dialect } from "./databases.ts";
import { keepAliveAgent, type LoadResult, runLoad, send } from "./http-load.ts";
import { BENCH_SERVER_ENV } from "./saves-bench.ts";
import { seedDrawings, seedMaterial } from "./seed.ts";

/** The page size the issue names for the latency figure. */
const LIMIT = 24;
/** "Deep": the page that starts after this share of the wall. */
const DEEP_FRACTION = 0.9;

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
  const results: WallLatency[] = [];
  try {
    const store = await openStore(database.config);
    try {
      let seeded = 0;
      for (const size of load.sizes) {
        const started = performance.now();
        await seedDrawings(store.db, material, seeded, size);
        await analyse(store);
        const seedSeconds = (performance.now() - started) / 1000;
        seeded = size;
        const deepOffset = Math.floor(size * DEEP_FRACTION);
        const cursor = await cursorAt(store, deepOffset);
        results.push({
          drawings: size,
          seedSeconds,
          deepOffset,
          ...(await pageLatencies(database.env, cursor, load)),
        });
      }
    } finally {
      await store.close();
    }
  } finally {
    await database.drop();
  }
  return results;
}

/**
 * PostgreSQL's autovacuum would gather statistics on a table that grew this much within a minute; doing it
 * now keeps the plan from depending on when autovacuum ran. SQLite never analyses unless told, and neither
 * does Fanvas, so it is left as production has it.
 */
async function analyse(store: Store): Promise<void> {
  if (store.dialect === "postgres") await sql`analyze drawings`.execute(store.db);
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
  const createdAt = row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at;
  return encodeCursor({ createdAt, id: row.id });
}

/** One request at a time on one keep-alive socket: the latency a visitor sees, not a throughput figure. */
async function pageLatencies(env: Record<string, string>, cursor: string, load: GalleryLoad) {
  const server = await spawnServer({ ...env, ...BENCH_SERVER_ENV });
  const agent = keepAliveAgent(1);
  try {
    const measure = async (url: string) => {
      const get = async () => {
        const answer = await send(agent, url);
        if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${answer.body}`);
        return answer;
      };
      await runLoad(load.warmup, 1, get);
      return runLoad(load.requests, 1, get);
    };
    const base = `${server.baseUrl}/api/drawings?limit=${LIMIT}`;
    const first = await measure(base);
    const deep = await measure(`${base}&before=${cursor}`);
    return { first, deep };
  } finally {
    agent.destroy();
    await server.stop();
  }
}
