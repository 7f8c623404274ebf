import { sql } from "kysely";
import { namePagePath } from "../src/common/credit.ts";
import type { Store } from "../src/server/db/open.ts";
import { asCount, isoTime } from "../src/server/db/values.ts";
import { encodeTopCursor } from "../src/server/wall/top-cursor.ts";
import { inTopOrder } from "../src/server/wall/top-queries.ts";
import type { ServerProcess } from "../tests/api/helpers/server-process.ts";
import type { VerdictRow } from "./benchmarks-file.ts";
import { loadAverage, machineHeading } from "./machine.ts";
import { benchDialects, createBenchDatabase, type Dialect } from "./server/databases.ts";
import { keepAliveAgent } from "./server/http-load.ts";
import {
  BENCH_NAME,
  BENCH_PROMPT,
  type SeedMaterial,
  seedDrawings,
  seedMaterial,
  seedReactions,
} from "./server/seed.ts";
import { getOk, seedAndServe } from "./server/seeded-server.ts";
import { formatMs, median, medianAndRange } from "./stats.ts";
import { type WallListResult, wallVerdictRows, wallVerdictsLegend } from "./wall-verdicts.ts";

// The wall's list latency must not grow with the wall. Two walls per store, 1,000 drawings with 10,000
// reactions and 100,000 with 1,000,000, each behind its own server process, measured in one run: every run asks
// each list of both walls, alternating request by request, so the machine's noise falls on both alike.

/** The two walls: [drawings, reactions]. */
const SIZES = [
  [1_000, 10_000],
  [100_000, 1_000_000],
] as const;
/** The target: the big wall's median at most this many times the small one's. */
const TARGET_RATIO = 1.5;
const REQUESTS = 200;
const WARMUP = 40;
/** How many days back the drawings go: "this week" then holds about a quarter of them. */
const SPREAD_DAYS = 28;

/**
 * The lists measured: the first page of each order, Top's page after 90% of the wall, and the credit's: a
 * prompt's tab (its entries are the newest week's), newest first and by reactions, and a name's page (/by/<name>,
 * the HTML page; one drawing in 20 is signed with the name).
 */
const LISTS = [
  "new",
  "top week",
  "top all",
  "top all, page at 90%",
  "prompt new",
  "prompt top",
  "name page",
] as const;
type List = (typeof LISTS)[number];

interface Wall {
  readonly server: ServerProcess;
  readonly urls: Readonly<Record<List, string>>;
  drop(): Promise<void>;
}

/** Seeds one wall's drawings and reactions; resolves with the cursor of Top's page at 90%. */
async function seedWall(
  store: Store,
  [drawings, reactions]: readonly [number, number],
  now: number,
  material: SeedMaterial,
): Promise<string> {
  const stepMs = Math.floor((SPREAD_DAYS * 86_400_000) / drawings);
  await seedDrawings(store.db, store.dialect, material, { from: 0, to: drawings, newest: now, stepMs });
  await seedReactions(store.db, store.dialect, drawings, reactions, now);
  const counted = await sql<{ n: number }>`select count(*) as n from reactions`.execute(store.db);
  if (asCount(counted.rows[0]?.n ?? 0) !== reactions) throw new Error("the reactions were not all seeded");
  const row = await inTopOrder(store.db)
    .offset(Math.floor(drawings * 0.9))
    .limit(1)
    .executeTakeFirstOrThrow();
  const createdAt = isoTime(row.created_at);
  return encodeTopCursor({ window: "all", since: "", count: row.reaction_count, createdAt, id: row.id });
}

/** Seeds one wall in a fresh database, starts a server on it, and says what each list's URL is. */
async function openWall(
  dialect: Dialect,
  size: readonly [number, number],
  now: number,
  material: SeedMaterial,
) {
  const database = await createBenchDatabase(dialect);
  const {
    server,
    seeded: deep,
    seedSeconds,
  } = await seedAndServe(database, (store) => seedWall(store, size, now, material));
  const base = `${server.baseUrl}/api/drawings?limit=24`;
  const urls: Record<List, string> = {
    new: base,
    "top week": `${base}&sort=top&window=week`,
    "top all": `${base}&sort=top&window=all`,
    "top all, page at 90%": `${base}&sort=top&window=all&before=${deep}`,
    "prompt new": `${base}&prompt=${BENCH_PROMPT}`,
    "prompt top": `${base}&prompt=${BENCH_PROMPT}&sort=top`,
    "name page": `${server.baseUrl}${namePagePath(BENCH_NAME)}`,
  };
  const wall: Wall = {
    server,
    urls,
    drop: async () => {
      await server.stop();
      await database.drop();
    },
  };
  return { wall, seedSeconds };
}

/**
 * The p50 of REQUESTS GETs of each URL (after WARMUP each), one at a time, alternating between them request by
 * request, each on its own keep-alive socket: what a visitor waits, with the machine's noise shared alike.
 */
async function pairedP50s(urls: readonly string[]): Promise<number[]> {
  const agents = urls.map(() => keepAliveAgent(1));
  const latencies: number[][] = urls.map(() => []);
  try {
    for (let index = 0; index < (WARMUP + REQUESTS) * urls.length; index += 1) {
      const which = index % urls.length;
      const url = urls[which] ?? "";
      const started = performance.now();
      await getOk(agents[which] ?? keepAliveAgent(1), url);
      const elapsed = performance.now() - started;
      if (index >= WARMUP * urls.length) latencies[which]?.push(elapsed);
    }
    return latencies.map(median);
  } finally {
    for (const agent of agents) agent.destroy();
  }
}

/** Each list's run p50s on both walls of one store. */
async function measureStore(dialect: Dialect, runs: number) {
  const now = Date.now();
  const material = await seedMaterial();
  const opened = [];
  try {
    for (const size of SIZES) opened.push(await openWall(dialect, size, now, material));
    const samples = opened.map(() => new Map<List, number[]>(LISTS.map((list) => [list, []])));
    for (let run = 0; run < runs; run += 1) {
      for (const list of LISTS) {
        const medians = await pairedP50s(opened.map(({ wall }) => wall.urls[list]));
        for (const [index, value] of medians.entries()) samples[index]?.get(list)?.push(value);
      }
    }
    return { seedSeconds: opened.map((wall) => wall.seedSeconds), samples };
  } finally {
    for (const { wall } of opened) await wall.drop();
  }
}

const describe = (values: readonly number[]) => medianAndRange(values);

/** Runs the wall bench on every configured store; its Markdown section and verdict rows. */
export async function runWallBench(
  runs: number,
): Promise<{ text: string; markdown: string; verdicts: VerdictRow[]; figures: string[] }> {
  const heading = machineHeading(loadAverage());
  const rows: string[] = [];
  const results: WallListResult[] = [];
  const seeds: string[] = [];
  for (const dialect of benchDialects()) {
    const store = dialect === "sqlite" ? "SQLite" : "PostgreSQL";
    const { seedSeconds, samples } = await measureStore(dialect, runs);
    seeds.push(`${store}: ${seedSeconds.map((seconds) => `${seconds.toFixed(1)} s`).join(" and ")}`);
    for (const list of LISTS) {
      const small = samples[0]?.get(list) ?? [];
      const big = samples[1]?.get(list) ?? [];
      const ratio = median(big) / median(small);
      // Both walls were asked within each run, so each run has its own ratio: the target is met when it holds
      // for the medians and in most runs, not by one lucky run.
      const held = big.filter((value, run) => value <= TARGET_RATIO * (small[run] ?? Number.NaN)).length;
      const verdict = ratio <= TARGET_RATIO && held * 2 > big.length ? "met" : "not met";
      rows.push(
        `| ${store} | ${list} | ${describe(small)} | ${describe(big)} | ${ratio.toFixed(2)}x | ${held} of ${big.length} | ${verdict} |`,
      );
      results.push({
        list,
        store,
        big: formatMs(median(big)),
        small: formatMs(median(small)),
        ratio,
        held,
        runs: big.length,
        verdict,
      });
    }
  }
  const markdown = [
    "### The wall's list latency as it grows (and a prompt's tab, a name's page)",
    "",
    `${heading} - ${runs} runs x ${REQUESTS} requests per list and wall`,
    "",
    "| store | list (24 per page) | 1,000 drawings, 10,000 reactions: p50 ms (spread of runs) | 100,000 drawings, 1,000,000 reactions | ratio of medians | runs within 1.5x | <= 1.5x |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    `- Method: each store holds both walls at once (two databases, two server processes), seeded by bulk SQL (INSERT ... SELECT over a generated series; ${seeds.join("; ")}), drawings over the last 28 days, reactions each from their own visitor, skewed towards newer drawings. Every run asks each list of both walls, alternating request by request (${WARMUP} of warm-up, then ${REQUESTS} of each), one at a time, each wall on its own keep-alive socket; a run's figure is each wall's median, and the table gives the median of the runs and their spread. "Page at 90%" is Top's page after the drawing 90% down the ranking, by its keyset cursor. A prompt's tab and a name's page: the newest week's drawings are a prompt's entries (about a quarter of each wall), read newest first and by reactions (\`?prompt=\`), and one drawing in 20 is signed with one name, whose page is \`/by/<name>\` (24 thumbnails, HTML).`,
  ].join("\n");
  return {
    text: markdown,
    markdown,
    verdicts: wallVerdictRows(results, TARGET_RATIO),
    figures: [wallVerdictsLegend(TARGET_RATIO)],
  };
}
