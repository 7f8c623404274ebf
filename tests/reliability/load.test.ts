import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countDrawings } from "../../src/server/drawings/queries.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "../api/helpers/dialects.ts";
import { killLeftoverServers, type ServerProcess, spawnServer } from "../api/helpers/server-process.ts";
import { drawingUploads } from "./helpers/drawings.ts";
import { saveAll } from "./helpers/saves.ts";
import { brokenSaves, readStore } from "./helpers/verify.ts";

const CONCURRENCY = 50;
const SAVES = 2000;

describe("load: 2,000 saves at 50 concurrent against the real server", () => {
  let uploads: Buffer[];
  beforeAll(async () => {
    uploads = await drawingUploads(SAVES);
  }, 120_000);
  afterAll(() => killLeftoverServers());

  for (const dialect of testDialects()) {
    it(`stores every one of ${SAVES} saves intact and never answers 5xx on ${dialect}`, async () => {
      const database: TestDatabase = await createTestDatabase(dialect);
      let server: ServerProcess | undefined;
      try {
        // One client sends everything, so the per-client save limit is off for this run.
        server = await spawnServer({ ...database.env, SAVE_RATE_LIMIT: "0", LOG_LEVEL: "warn" });
        const answers = await saveAll({
          baseUrl: server.baseUrl,
          uploads,
          run: "load",
          concurrency: CONCURRENCY,
        });
        const statuses = new Map<number, number>();
        for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expect(Object.fromEntries(statuses)).toEqual({ 201: SAVES });
        expect(await server.stop()).toBe(0);

        await readStore(database.config, async (store) => {
          expect(await countDrawings(store.db)).toBe(SAVES);
          expect(await brokenSaves(store, answers)).toEqual([]);
        });
      } finally {
        killLeftoverServers();
        await database.drop();
      }
    }, 150_000);
  }
});
