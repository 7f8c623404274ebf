import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "../../src/common/api.ts";
import { insertDrawing } from "../../src/server/drawings/queries.ts";
import { startDrawingWorker } from "../../src/server/jobs/drawing-worker.ts";
import { countPendingWork } from "../../src/server/jobs/pending-work.ts";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { ADMIN_TOKEN, GONE, moderation, publicPresence, recordEvents } from "../api/helpers/moderation.ts";
import { dataUrlBody, drawingPng } from "../api/helpers/png.ts";
import { chunksOf, IEND, pngOf } from "../fixtures/png-crafting.ts";
import { memoryLog } from "./helpers/memory-log.ts";

// libpng refuses a file with an ancillary chunk whose type has the reserved bit set ("abcd"): stored, such an
// upload would answer 500 for its thumbnail on every request with a stack trace in the log, and its failed
// re-encode would serve the chunk's private payload forever. Such uploads are refused, and a stored drawing the
// decoder cannot read (one an older version accepted) is taken off the wall for a moderator with one log line,
// never a 500 loop.

const HELD = "a stored drawing cannot be decoded; hidden until a moderator reviews it";
const PAYLOAD = "<private payload riding in a chunk>";

/** A 600 x 600 PNG with an "abcd" chunk (reserved bit set) before its image data. */
async function poisonPng(seed: number): Promise<Buffer> {
  const [header, ...rest] = chunksOf(await drawingPng(600, 600, seed));
  const data = rest.filter((chunk) => chunk.type === "IDAT");
  if (header === undefined) throw new Error("no IHDR");
  return pngOf([header, { type: "abcd", data: Buffer.from(PAYLOAD) }, ...data, IEND]);
}

for (const dialect of testDialects()) {
  describe(`a PNG our own decoder refuses, on ${dialect}`, () => {
    let t: TestApp;
    const log = memoryLog();
    beforeAll(async () => {
      t = await startTestApp(dialect, { logger: log.logger, moderation: moderation() });
    });
    afterAll(async () => {
      await t.close();
    });

    /** Stores a poison PNG straight into the store, past validation, as an older version would have. */
    const storedPoison = async (id: string, seed: number) => {
      const png = await poisonPng(seed);
      const sha256 = createHash("sha256").update(png).digest("hex");
      await insertDrawing(t.store.db, { id, png, sha256, createdAt: new Date() });
    };
    const heldLines = (id: string) => log.withMessage(HELD).filter((line) => line.drawing === id);

    it("is refused at upload, on both save routes, and nothing is stored", async () => {
      const png = await poisonPng(1);
      const [direct, rest] = await Promise.all(
        [
          { url: "/api/drawings", type: "image/png", body: png },
          { url: "/rest/v1/drawings", type: "application/json", body: JSON.stringify(dataUrlBody(png)) },
        ].map(({ url, type, body }) =>
          t.app.inject({ method: "POST", url, headers: { "content-type": type }, payload: body }),
        ),
      );
      expect(direct?.statusCode).toBe(400);
      expect(direct?.json<ApiError>()).toMatchObject({ code: "reserved_chunk_type" });
      expect(direct?.json<ApiError>().message).toContain('"abcd"');
      expect(rest?.statusCode).toBe(400);
      expect(rest?.json()).toMatchObject({ code: "22023", details: "fanvas:reserved_chunk_type" });
      expect(await t.count()).toBe(0);
    });

    it("already stored, answers its thumbnail 404 (never 500), leaves the wall, and logs one line", async () => {
      await storedPoison("poisonous001", 2);
      const recorder = recordEvents(t.store);
      const statuses = [];
      for (let request = 0; request < 5; request += 1) {
        statuses.push(
          (await t.app.inject({ method: "GET", url: "/api/drawings/poisonous001.webp" })).statusCode,
        );
      }
      expect(statuses).toEqual([404, 404, 404, 404, 404]);
      expect(await publicPresence(t.app, "poisonous001")).toEqual(GONE);
      await recorder.waitFor((event) => event.type === "removed" && event.id === "poisonous001", "removed");
      recorder.stop();
      const lines = heldLines("poisonous001");
      expect(lines).toHaveLength(1);
      expect(lines[0]).not.toHaveProperty("err");
      expect(JSON.stringify(log.lines())).not.toMatch(/"stack"|at .*\.(ts|js):\d+/);
      expect(log.lines().some((line) => line.level === 50 && line.msg === "request failed")).toBe(false);
      // A moderator finds it among the hidden drawings, bytes and all.
      const hidden = await t.app.inject({
        method: "GET",
        url: "/api/admin/drawings?filter=hidden",
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(hidden.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toContain(
        "poisonous001",
      );
    });

    it("already stored, is taken off the wall by the background jobs, once, and never served", async () => {
      await storedPoison("poisonous002", 3);
      const recorder = recordEvents(t.store);
      const lines: object[] = [];
      const worker = startDrawingWorker(t.store, { info: () => {}, error: (fields) => lines.push(fields) });
      await worker.drain();
      await worker.stop();
      expect(await countPendingWork(t.store.db, "thumbnail_webp")).toBe(0);
      expect(await countPendingWork(t.store.db, "reencoded_at")).toBe(0);
      expect(lines).toEqual([{ drawing: "poisonous002", reason: expect.any(String) }]);
      await recorder.waitFor((event) => event.type === "removed" && event.id === "poisonous002", "removed");
      recorder.stop();
      const served = await t.app.inject({ method: "GET", url: "/api/drawings/poisonous002.png" });
      expect(served.statusCode).toBe(404);
      expect(served.body).not.toContain(PAYLOAD);
    });
  });
}
