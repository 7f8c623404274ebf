import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it, vi } from "vitest";
import { countPendingWork } from "../../src/server/jobs/pending-work.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "../api/helpers/dialects.ts";
import { killLeftoverServers, type ServerProcess, spawnServer } from "../api/helpers/server-process.ts";
import { drawingUploads } from "./helpers/drawings.ts";
import { keyOf, postSave, type SaveAnswer, saveAll } from "./helpers/saves.ts";
import { brokenSaves, readStore, storedAfter } from "./helpers/verify.ts";

/** Saves offered before the kill; the kill comes after KILL_AFTER of them were acknowledged. */
const OFFERED = 240;
const KILL_AFTER = 60;
const CONCURRENCY = 20;
/** Catching up on the re-encoding left pending may take minutes on a two-core machine busy with other tests. */
const CATCH_UP_DEADLINE_MS = 180_000;

afterEach(() => killLeftoverServers());

/** Resolves once the server logged that its background work is idle; fails at the deadline. */
async function backgroundWorkIdle(server: ServerProcess): Promise<void> {
  await vi.waitFor(
    () => {
      if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.stderr()}`);
      if (!/"msg":"background work idle"/.test(server.stderr())) {
        throw new Error(`background work never went idle:\n${server.stderr().slice(-2000)}`);
      }
    },
    { timeout: CATCH_UP_DEADLINE_MS, interval: 100 },
  );
}

function sqliteIntegrity(file: string): unknown {
  const database = new DatabaseSync(file);
  try {
    return database.prepare("PRAGMA integrity_check").all();
  } finally {
    database.close();
  }
}

for (const dialect of testDialects()) {
  describe(`crash: kill -9 in the middle of a load on ${dialect}`, () => {
    it("keeps every acknowledged save intact and finishes the pending re-encoding after a restart", async () => {
      const uploads = await drawingUploads(OFFERED);
      const database: TestDatabase = await createTestDatabase(dialect);
      const env = { ...database.env, SAVE_RATE_LIMIT: "0", LOG_LEVEL: "info" };
      try {
        const first = await spawnServer(env);
        let acknowledged = 0;
        let killed = false;
        const answers = await saveAll({
          baseUrl: first.baseUrl,
          uploads,
          run: "crash",
          concurrency: CONCURRENCY,
          shouldStop: () => killed,
          onAnswer: (answer) => {
            if (answer.status === 201) acknowledged += 1;
            if (acknowledged >= KILL_AFTER && !killed) {
              killed = true;
              first.child.kill("SIGKILL");
            }
          },
        });
        await first.exited();
        expect(first.child.signalCode).toBe("SIGKILL");
        // Answers are 201 or no answer at all (the connection died with the process); never a 5xx.
        expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 0)).toEqual([]);
        const saved = answers.filter((answer) => answer.status === 201);
        expect(saved.length).toBeGreaterThanOrEqual(KILL_AFTER);

        if (database.config.dialect === "sqlite") {
          expect(sqliteIntegrity(database.config.file)).toEqual([{ integrity_check: "ok" }]);
        }
        await readStore(database.config, async (atCrash) => {
          expect(await brokenSaves(atCrash, saved)).toEqual([]);
          // The premise of the restart check: the kill left re-encoding undone.
          expect(await countPendingWork(atCrash.db, "reencoded_at")).toBeGreaterThan(0);
        });

        const second = await spawnServer(env);
        await backgroundWorkIdle(second);
        await readStore(database.config, async (restarted) => {
          expect(await countPendingWork(restarted.db, "reencoded_at")).toBe(0);
          expect(await brokenSaves(restarted, saved)).toEqual([]);
        });

        // Saves whose answer was lost are retried with their keys: each is stored exactly once.
        const unanswered = answers.filter((answer) => answer.status === 0);
        const retried = await Promise.all(
          unanswered.map((answer) =>
            postSave(
              second.baseUrl,
              uploads[answer.index] ?? Buffer.alloc(0),
              keyOf("crash", answer.index),
              answer.index,
            ),
          ),
        );
        expect(
          retried.filter((answer: SaveAnswer) => answer.status !== 200 && answer.status !== 201),
        ).toEqual([]);
        expect(await second.stop()).toBe(0);

        if (database.config.dialect === "sqlite") {
          expect(sqliteIntegrity(database.config.file)).toEqual([{ integrity_check: "ok" }]);
        }
        expect(await storedAfter(database.config, [...saved, ...retried])).toEqual({
          drawings: answers.length,
          broken: [],
        });
      } finally {
        killLeftoverServers();
        await database.drop();
      }
    }, 300_000);
  });
}
