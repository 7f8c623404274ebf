import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects } from "../api/helpers/dialects.ts";
import { killLeftoverServers, spawnServer } from "../api/helpers/server-process.ts";
import { drawingUploads } from "./helpers/drawings.ts";
import { keyOf, postSave, type SaveAnswer } from "./helpers/saves.ts";
import { brokenSaves, readStore, storedAfter } from "./helpers/verify.ts";

// Group commit (docs/decisions/0011-group-commit.md) keeps a 201's promise: saves that arrive together are
// committed together, and each is answered only after that commit is durable. FANVAS_TEST_COMMIT_HOLD_MS makes
// the server wait after each commit that stored drawings, before answering: the first save commits alone and
// is held, the others queue up behind it and commit together in the next batch, which is held in turn.

/** Long enough for the queued saves to arrive and for the test to act; each held commit costs this once. */
const HOLD_MS = "3000";
const HELD = /committed \d+ writes together/;
/** A held commit of at least two writes. */
const HELD_TOGETHER = /committed ([2-9]|\d{2,}) writes together/;

afterEach(() => killLeftoverServers());

/** The largest batch the server said it committed (and is holding), from its stderr. */
function largestBatch(stderr: string): number {
  return Math.max(
    0,
    ...[...stderr.matchAll(/committed (\d+) writes together/g)].map((match) => Number(match[1])),
  );
}

for (const dialect of testDialects()) {
  describe(`group commit on ${dialect}`, () => {
    it("keeps every save of a commit killed (kill -9) between its flush and its answers", async () => {
      const uploads = await drawingUploads(12);
      const database = await createTestDatabase(dialect);
      const env = { ...database.env, SAVE_RATE_LIMIT: "0", FANVAS_TEST_COMMIT_HOLD_MS: HOLD_MS };
      try {
        const first = await spawnServer(env);
        const [opener, ...rest] = uploads;
        // The opener commits alone and is held; the others arrive meanwhile and queue up for one batch.
        const opening = postSave(first.baseUrl, opener ?? Buffer.alloc(0), keyOf("held", 0), 0);
        await first.waitForStderr(HELD);
        const others = Promise.all(
          rest.map((png, index) => postSave(first.baseUrl, png, keyOf("held", index + 1), index + 1)),
        );
        // That batch is durable and held: none of its saves has been answered yet.
        await first.waitForStderr(HELD_TOGETHER);
        first.child.kill("SIGKILL");
        const answers = [await opening, ...(await others)];
        await first.exited();
        expect(largestBatch(first.stderr())).toBeGreaterThanOrEqual(rest.length);
        const saved = answers.filter((answer) => answer.status === 201);
        const unanswered = answers.filter((answer) => answer.status === 0);
        expect(saved.length + unanswered.length).toBe(uploads.length);
        expect(unanswered.length).toBeGreaterThanOrEqual(rest.length);

        // Every answered save, and every save of the held commit, is stored after the kill.
        expect(await storedAfter(database.config, saved)).toEqual({ drawings: uploads.length, broken: [] });

        // Their retries find them stored: a replay of the same drawing each, never a second row.
        const second = await spawnServer({ ...database.env, SAVE_RATE_LIMIT: "0" });
        const retried = await Promise.all(
          unanswered.map((answer) =>
            postSave(second.baseUrl, uploads[answer.index] ?? Buffer.alloc(0), answer.key, answer.index),
          ),
        );
        expect(retried.map((answer) => answer.status)).toEqual(unanswered.map(() => 200));
        expect(await second.stop()).toBe(0);
        const after = await storedAfter(database.config, [...saved, ...retried]);
        expect(after).toEqual({ drawings: uploads.length, broken: [] });
      } finally {
        killLeftoverServers();
        await database.drop();
      }
    }, 90_000);

    it("stores one row for two saves with the same Idempotency-Key in one batch, and answers both with it", async () => {
      const [opener, twin] = await drawingUploads(2);
      const database = await createTestDatabase(dialect);
      const env = { ...database.env, SAVE_RATE_LIMIT: "0", FANVAS_TEST_COMMIT_HOLD_MS: HOLD_MS };
      try {
        const server = await spawnServer(env);
        // The opener's commit is held, so both twins queue behind it and go in the next batch together.
        const opening = postSave(server.baseUrl, opener ?? Buffer.alloc(0), keyOf("opener", 0), 0);
        await server.waitForStderr(HELD);
        const key = keyOf("twin", 1);
        const twins: SaveAnswer[] = await Promise.all([
          postSave(server.baseUrl, twin ?? Buffer.alloc(0), key, 1),
          postSave(server.baseUrl, twin ?? Buffer.alloc(0), key, 1),
        ]);
        expect((await opening).status).toBe(201);
        expect(largestBatch(server.stderr())).toBeGreaterThanOrEqual(2);
        expect(twins.map((answer) => answer.status).sort()).toEqual([200, 201]);
        expect(twins[0]?.saved).toEqual(twins[1]?.saved);
        expect(await server.stop()).toBe(0);

        await readStore(database.config, async (store) => {
          const rows = await sql<{
            id: string;
          }>`select id from drawings where idempotency_key = ${key}`.execute(store.db);
          expect(rows.rows).toEqual([{ id: twins[0]?.saved?.id }]);
          expect(await brokenSaves(store, twins)).toEqual([]);
        });
      } finally {
        killLeftoverServers();
        await database.drop();
      }
    }, 60_000);
  });
}
