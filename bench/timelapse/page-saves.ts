/**
 * Save with the log against save without it as the visitor has it, same run: the real server (a fresh SQLite
 * database) serves the built page and the bench page, and the bench page, on the server's own origin, runs the
 * page's own Save function over the page's engine holding each realistic drawing (bench/page/save-bench.tsx):
 * export, download, the durable queue, the upload, the server's answer. Each save is timed from the Save call
 * until the acknowledgement is in the page's hands; the sides alternate, the order flipping every pair.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnServer } from "../../tests/api/helpers/server-process.ts";
import { launchBenchBrowser } from "../browser.ts";
import { buildBenchPage } from "../build.ts";
import { buildPage } from "../lighthouse.ts";
import type { PageSave } from "../page/save-bench.tsx";
import { createBenchDatabase } from "../server/databases.ts";
import { BENCH_SERVER_ENV } from "../server/saves-bench.ts";
import { median } from "../stats.ts";
import type { SaveRound } from "./save-pairs.ts";

/** Pairs not counted first, on the first drawing: JIT in the page and the server, IndexedDB opened. */
const WARMUP_PAIRS = 4;
/** Where the bench page is put inside the served build. */
const BENCH_PATH = "bench-save";

/** A round's medians, and the median PNG the page saved. */
export interface PageSaveRound extends SaveRound {
  readonly pngBytes: number;
  /** p50 from the Save call until the upload's request began (export, download, queue), each side. */
  readonly beforeUpload: SaveRound;
  /** p50 of the upload's request itself, start to answer read (resource timing), each side. */
  readonly upload: SaveRound;
}

/**
 * `rounds` rounds; each shows every drawing of `makings` in turn and saves it `pairs` times each way. Every
 * round's p50 of each side.
 */
export async function measurePageSaves(
  makings: readonly Uint8Array[],
  pairs: number,
  rounds: number,
): Promise<PageSaveRound[]> {
  const clientDir = await mkdtemp(join(tmpdir(), "fanvas-bench-page-saves-"));
  const database = await createBenchDatabase("sqlite");
  try {
    await buildPage(clientDir);
    await buildBenchPage(join(clientDir, BENCH_PATH));
    const server = await spawnServer({ ...database.env, ...BENCH_SERVER_ENV, FANVAS_CLIENT_DIR: clientDir });
    const { browser, context } = await launchBenchBrowser();
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/${BENCH_PATH}/index.html`);
      await page.waitForFunction(() => "fanvasBench" in window);
      await page.evaluate(() => window.fanvasBench.mountSaves());
      const logs = makings.map((making) => Buffer.from(making).toString("base64"));
      let index = 0;
      const timeSave = (withLog: boolean) =>
        page.evaluate(([side, at]) => window.fanvasBench.timeSave(side, at), [withLog, index++] as const);
      await page.evaluate((log) => window.fanvasBench.showDrawing(log), logs[0] ?? "");
      for (let pair = 0; pair < WARMUP_PAIRS; pair += 1) {
        await timeSave(true);
        await timeSave(false);
      }
      const results: PageSaveRound[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const saves: PageSave[] = [];
        for (const log of logs) {
          await page.evaluate((text) => window.fanvasBench.showDrawing(text), log);
          for (let pair = 0; pair < pairs; pair += 1) {
            const logFirst = (round + pair) % 2 === 0;
            for (const side of logFirst ? [true, false] : [false, true]) {
              saves.push(await timeSave(side));
            }
          }
        }
        const sides = (figure: (save: PageSave) => number): SaveRound => ({
          alone: median(saves.filter((save) => !save.withLog).map(figure)),
          withLog: median(saves.filter((save) => save.withLog).map(figure)),
        });
        results.push({
          ...sides((save) => save.ms),
          pngBytes: median(saves.map((save) => save.pngBytes)),
          beforeUpload: sides((save) => save.beforeUploadMs),
          upload: sides((save) => save.uploadMs),
        });
      }
      return results;
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    await database.drop();
    await rm(clientDir, { recursive: true, force: true });
  }
}
