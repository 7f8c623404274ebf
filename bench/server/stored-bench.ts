import { GALLERY_PAGE_SIZE } from "../../src/client/wall/wall-api.ts";
import type { GalleryPage, SavedDrawing } from "../../src/common/api.ts";
import { spawnServer } from "../../tests/api/helpers/server-process.ts";
import { createBenchDatabase, type Dialect } from "./databases.ts";
import { type Answer, keepAliveAgent, type LoadResult, runLoad, send } from "./http-load.ts";
import { hasNginx, startNginx } from "./nginx.ts";
import { BENCH_SERVER_ENV, postDrawing } from "./saves-bench.ts";

/** How the stored-drawing phase is shaped. */
export interface StoredLoad {
  readonly concurrency: number;
  readonly requests: number;
  readonly warmup: number;
  readonly runs: number;
  /** Longest wait for the background worker to finish every re-encoding and thumbnail. */
  readonly drainDeadlineMs: number;
}

/** What the phase measured on one dialect. */
export interface StoredFigures {
  readonly dialect: Dialect;
  /** Per drawing, in upload order: bytes uploaded, stored after re-encoding, and of its thumbnail. */
  readonly uploaded: readonly number[];
  readonly stored: readonly number[];
  readonly thumbnails: readonly number[];
  /** Seconds the worker needed after the last save; null when the deadline passed first. */
  readonly drainSeconds: number | null;
  /** GET of one stored drawing's PNG, per run; nginx serving the same bytes from disk (null: not installed). */
  readonly fanvas: readonly LoadResult[];
  readonly nginx: readonly LoadResult[] | null;
  readonly servedBytes: number;
  /** The wall's first request as the page makes it (limit = the page's own size) and its thumbnails. */
  readonly firstScreen: { readonly items: number; readonly json: number; readonly thumbnails: number };
}

/**
 * Saves `drawings` into a fresh server, waits for its worker to re-encode and thumbnail all of them, then
 * measures what is stored and how fast one stored drawing is served, against nginx with the same file.
 */
export async function measureStored(
  dialect: Dialect,
  drawings: readonly Buffer[],
  load: StoredLoad,
): Promise<StoredFigures> {
  const database = await createBenchDatabase(dialect);
  const agent = keepAliveAgent(load.concurrency);
  try {
    const server = await spawnServer({ ...database.env, ...BENCH_SERVER_ENV });
    try {
      const base = server.baseUrl;
      const ids: string[] = new Array(drawings.length);
      await runLoad(drawings.length, 16, async (index) => {
        const answer = await postDrawing(agent, base, drawings[index] ?? Buffer.alloc(0));
        if (answer.status !== 201) throw new Error(`save answered ${answer.status}: ${answer.body}`);
        ids[index] = (JSON.parse(answer.body.toString()) as SavedDrawing).id;
        return answer;
      });
      const drainSeconds = await waitForWorker(agent, base, load.drainDeadlineMs);
      const stored = await bodySizes(
        agent,
        ids.map((id) => `${base}/api/drawings/${id}.png`),
      );
      const thumbnails = await bodySizes(
        agent,
        ids.map((id) => `${base}/api/drawings/${id}.webp`),
      );
      const firstScreen = await firstGalleryScreen(agent, base);
      // The drawing of median stored size stands for "one stored drawing".
      const order = stored.map((size, index) => ({ size, index })).sort((a, b) => a.size - b.size);
      const pick = order[Math.floor(order.length / 2)]?.index ?? 0;
      const id = ids[pick] ?? "";
      const png = (await send(agent, `${base}/api/drawings/${id}.png`)).body;
      const serving = await servingRuns(`${base}/api/drawings/${id}.png`, `${id}.png`, png, load);
      return {
        dialect,
        uploaded: drawings.map((png) => png.length),
        stored,
        thumbnails,
        drainSeconds,
        ...serving,
        servedBytes: png.length,
        firstScreen,
      };
    } finally {
      await server.stop();
    }
  } finally {
    agent.destroy();
    await database.drop();
  }
}

/** Polls /metrics until fanvas_background_queue_depth is 0 for every job; seconds waited, or null. */
async function waitForWorker(agent: Parameters<typeof send>[0], base: string, deadlineMs: number) {
  const started = performance.now();
  while (performance.now() - started < deadlineMs) {
    const text = (await send(agent, `${base}/metrics`)).body.toString();
    const depths = [...text.matchAll(/^fanvas_background_queue_depth\{[^}]*\} (\d+)$/gm)];
    if (depths.length > 0 && depths.every((match) => match[1] === "0")) {
      return (performance.now() - started) / 1000;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

async function bodySizes(agent: Parameters<typeof send>[0], urls: readonly string[]): Promise<number[]> {
  const sizes: number[] = new Array(urls.length);
  await runLoad(urls.length, 8, async (index) => {
    const answer = await send(agent, urls[index] ?? "");
    sizes[index] = answer.status === 200 ? answer.body.length : Number.NaN;
    return answer;
  });
  return sizes;
}

async function firstGalleryScreen(agent: Parameters<typeof send>[0], base: string) {
  const list = await send(agent, `${base}/api/drawings?limit=${GALLERY_PAGE_SIZE}`);
  const page = JSON.parse(list.body.toString()) as GalleryPage;
  const thumbnails = await bodySizes(
    agent,
    page.items.map((item) => `${base}${item.thumbnailUrl}`),
  );
  return {
    items: page.items.length,
    json: list.body.length,
    thumbnails: thumbnails.reduce((sum, size) => sum + size, 0),
  };
}

/** Fanvas and nginx take turns, run by run, so a slow moment of the machine hits both alike. */
async function servingRuns(fanvasUrl: string, file: string, png: Buffer, load: StoredLoad) {
  const nginx = hasNginx() ? await startNginx(new Map([[file, png]])) : undefined;
  const fanvas: LoadResult[] = [];
  const reference: LoadResult[] = [];
  try {
    for (let run = 0; run < load.runs; run += 1) {
      fanvas.push(await getLoad(fanvasUrl, load));
      if (nginx !== undefined) reference.push(await getLoad(`${nginx.baseUrl}/${file}`, load));
    }
  } finally {
    await nginx?.stop();
  }
  return { fanvas, nginx: nginx === undefined ? null : reference };
}

/** GETs `url` `requests` times at `concurrency`, each worker on its own keep-alive socket. */
async function getLoad(url: string, load: StoredLoad): Promise<LoadResult> {
  const agent = keepAliveAgent(load.concurrency);
  try {
    const get = (): Promise<Answer> => send(agent, url);
    await runLoad(load.warmup, load.concurrency, get);
    return await runLoad(load.requests, load.concurrency, get);
  } finally {
    agent.destroy();
  }
}
