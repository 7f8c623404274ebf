import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DrawingStatus } from "../../src/server/db/schema.ts";
import { startDrawingWorker } from "../../src/server/jobs/drawing-worker.ts";
import type { WorkerLog } from "../../src/server/jobs/worker.ts";
import { THUMBNAIL_MAX_BYTES, THUMBNAIL_SIZE } from "../../src/server/png/thumbnail.ts";
import { startTestApp, type TestApp } from "./helpers/app.ts";
import { busyDrawingPng, noisePng } from "./helpers/busy-png.ts";
import { testDialects } from "./helpers/dialects.ts";
import { savePng } from "./helpers/moderation.ts";
import { drawingPng } from "./helpers/png.ts";

const quiet: WorkerLog = { info: () => {}, error: () => {} };

for (const dialect of testDialects()) {
  describe(`drawing thumbnails on ${dialect}`, () => {
    let test: TestApp;
    beforeEach(async () => {
      test = await startTestApp(dialect);
    });
    afterEach(async () => test?.close());

    const save = (png: Buffer) => savePng(test.app, png);

    async function storedThumbnail(id: string): Promise<Uint8Array | null> {
      const row = await test.store.db
        .selectFrom("drawings")
        .select("thumbnail_webp")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      return row.thumbnail_webp;
    }

    const setStatus = (id: string, status: DrawingStatus) =>
      test.store.db.updateTable("drawings").set({ status }).where("id", "=", id).execute();

    it("are made by the background job after the save and served as small WebP files that decode", async () => {
      const drawings = [await save(await drawingPng(600, 600, 3)), await save(await busyDrawingPng())];
      expect(await storedThumbnail(drawings[0]?.id ?? "")).toBeNull();
      const worker = startDrawingWorker(test.store, quiet);
      await worker.drain();
      await worker.stop();
      const sizes: number[] = [];
      for (const drawing of drawings) {
        const stored = await storedThumbnail(drawing.id);
        expect(stored?.byteLength).toBeGreaterThan(0);
        const answer = await test.app.inject({ method: "GET", url: `/api/drawings/${drawing.id}.webp` });
        expect(answer.statusCode).toBe(200);
        expect(answer.headers["content-type"]).toBe("image/webp");
        expect(answer.headers["x-content-type-options"]).toBe("nosniff");
        expect(answer.headers["cache-control"]).toBe("public, max-age=300");
        expect(answer.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
        expect(Buffer.compare(answer.rawPayload, Buffer.from(stored ?? []))).toBe(0);
        const { info } = await sharp(answer.rawPayload).raw().toBuffer({ resolveWithObject: true });
        expect((await sharp(answer.rawPayload).metadata()).format).toBe("webp");
        expect(info.width).toBe(info.height);
        expect(info.width).toBeLessThanOrEqual(THUMBNAIL_SIZE);
        expect(answer.rawPayload.length).toBeLessThanOrEqual(THUMBNAIL_MAX_BYTES);
        sizes.push(info.width);
      }
      // An ordinary drawing keeps the full thumbnail size; only extreme ones step down.
      expect(sizes[0]).toBe(THUMBNAIL_SIZE);
    });

    it("stays within 15 KB even for random noise", async () => {
      const saved = await save(await noisePng());
      const answer = await test.app.inject({ method: "GET", url: `/api/drawings/${saved.id}.webp` });
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.length).toBeLessThanOrEqual(15 * 1024);
      expect((await sharp(answer.rawPayload).metadata()).format).toBe("webp");
    });

    it("is made on demand when asked before the job ran, stored once, and revalidates with 304", async () => {
      const saved = await save(await busyDrawingPng(11));
      expect(await storedThumbnail(saved.id)).toBeNull();
      const first = await test.app.inject({ method: "GET", url: `/api/drawings/${saved.id}.webp` });
      expect(first.statusCode).toBe(200);
      expect(first.rawPayload.length).toBeLessThanOrEqual(THUMBNAIL_MAX_BYTES);
      expect(Buffer.from((await storedThumbnail(saved.id)) ?? [])).toEqual(first.rawPayload);
      const again = await test.app.inject({ method: "GET", url: `/api/drawings/${saved.id}.webp` });
      expect(again.headers.etag).toBe(first.headers.etag);
      const revalidated = await test.app.inject({
        method: "GET",
        url: `/api/drawings/${saved.id}.webp`,
        headers: { "if-none-match": String(first.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
      // The job finds nothing left to do for it.
      const worker = startDrawingWorker(test.store, quiet);
      await worker.drain();
      await worker.stop();
      expect(Buffer.from((await storedThumbnail(saved.id)) ?? [])).toEqual(first.rawPayload);
    });

    it("answer 404 (and so does the PNG) unless the drawing is visible; unknown and malformed ids are 404", async () => {
      const saved = await save(await drawingPng(600, 600, 5));
      for (const status of ["hidden", "pending", "deleted"] as const) {
        await setStatus(saved.id, status);
        for (const url of [`/api/drawings/${saved.id}.webp`, `/api/drawings/${saved.id}.png`]) {
          const answer = await test.app.inject({ method: "GET", url });
          expect(answer.statusCode, `${status} ${url}`).toBe(404);
          expect(answer.json()).toMatchObject({ code: "not_found" });
        }
      }
      await setStatus(saved.id, "visible");
      expect(
        (await test.app.inject({ method: "GET", url: `/api/drawings/${saved.id}.webp` })).statusCode,
      ).toBe(200);
      for (const url of [
        "/api/drawings/AAAAAAAAAAAA.webp",
        "/api/drawings/short.webp",
        "/api/drawings/..%2F.webp",
      ]) {
        expect((await test.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
      }
    });

    it("are made for pending and hidden drawings too (so approval shows one at once), and the worker finishes with a deleted one in the store", async () => {
      const ids = [];
      for (const seed of [21, 22, 23]) ids.push((await save(await drawingPng(600, 600, seed))).id);
      const [pending, hidden, deleted] = ids as [string, string, string];
      await setStatus(pending, "pending");
      await setStatus(hidden, "hidden");
      await setStatus(deleted, "deleted");
      const worker = startDrawingWorker(test.store, quiet);
      // Without the status-blind reads this would never resolve: a pending row listed forever.
      await worker.drain();
      await worker.stop();
      expect((await storedThumbnail(pending))?.byteLength).toBeGreaterThan(0);
      expect((await storedThumbnail(hidden))?.byteLength).toBeGreaterThan(0);
      expect(await storedThumbnail(deleted)).toBeNull();
    });
  });
}
