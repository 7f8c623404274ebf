import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SavedDrawing } from "../../src/common/api.ts";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import { buildApp } from "../../src/server/app.ts";
import { openStore } from "../../src/server/db/open.ts";
import { startDrawingWorker } from "../../src/server/jobs/drawing-worker.ts";
import { decodeRgba } from "../../src/server/png/reencode.ts";
import { startTestApp, type TestApp, testAppForBlock } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { adminPost, moderation, saveNewDrawing } from "./helpers/moderation.ts";

// The image route serves visible drawings from memory (src/server/drawings/image-cache.ts). What it must never do
// is serve a drawing a moderator took down, or keep serving bytes the re-encoder replaced.

const sha256 = (bytes: Buffer) => `"${createHash("sha256").update(bytes).digest("hex")}"`;
const quiet = { info: () => {}, error: () => {} };

for (const dialect of testDialects()) {
  describe(`the image cache on ${dialect}`, () => {
    const t = testAppForBlock(dialect, { moderation: moderation() });

    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: "GET", url, headers });

    /** A saved drawing whose PNG has been served (so held in memory) a few times. */
    async function cachedDrawing(): Promise<SavedDrawing> {
      const saved = await saveNewDrawing(t.app);
      for (let read = 0; read < 3; read += 1) expect((await get(saved.url)).statusCode).toBe(200);
      return saved;
    }

    for (const action of ["hide", "delete"]) {
      it(`answers 404 right after a moderator's ${action}, though the image was cached`, async () => {
        const saved = await cachedDrawing();
        expect((await adminPost(t.app, saved.id, action)).statusCode).toBe(200);
        const after = await get(saved.url);
        expect(after.statusCode).toBe(404);
        expect(after.json<{ code: string }>().code).toBe("not_found");
      });
    }

    it("serves a restored drawing again", async () => {
      const saved = await cachedDrawing();
      expect((await adminPost(t.app, saved.id, "hide")).statusCode).toBe(200);
      expect((await get(saved.url)).statusCode).toBe(404);
      expect((await adminPost(t.app, saved.id, "restore")).statusCode).toBe(200);
      expect((await get(saved.url)).statusCode).toBe(200);
    });

    it("serves a re-encoded drawing's new bytes under their new ETag, and 304 only for the new one", async () => {
      const saved = await cachedDrawing();
      const before = await get(saved.url);
      expect(before.headers.etag).toBe(sha256(before.rawPayload));
      const worker = startDrawingWorker(t.store, quiet);
      await worker.drain();
      await worker.stop();
      const after = await get(saved.url);
      expect(after.statusCode).toBe(200);
      expect(after.rawPayload.length).toBeLessThan(before.rawPayload.length);
      expect(after.headers.etag).toBe(sha256(after.rawPayload));
      expect((await decodeRgba(after.rawPayload)).equals(await decodeRgba(before.rawPayload))).toBe(true);
      const old = await get(saved.url, { "if-none-match": String(before.headers.etag) });
      expect(old.statusCode).toBe(200);
      const current = await get(saved.url, { "if-none-match": String(after.headers.etag) });
      expect(current.statusCode).toBe(304);
    });
  });
}

// Two apps on one database stand for two server processes: each has its own cache and its own LISTEN.
if (testDialects().includes("postgres")) {
  describe("the image cache across processes on one PostgreSQL database", () => {
    const closing: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const close of closing.splice(0).reverse()) await close();
    });

    /** A second app over the same database: its own store, cache and LISTEN connection. */
    async function secondProcess(first: TestApp) {
      const store = await openStore(first.database.config);
      const app = await buildApp({
        branding: DEFAULT_BRANDING,
        store,
        clientDir: "/nonexistent/fanvas-client",
        logger: false,
        moderation: moderation(),
      });
      closing.push(async () => {
        await app.close();
        await store.close();
      });
      return app;
    }

    it("drops a drawing hidden through another process once that process's removal event arrives", async () => {
      const a = await startTestApp("postgres", { moderation: moderation() });
      closing.push(() => a.close());
      const b = await secondProcess(a);
      const saved = await saveNewDrawing(a.app);
      for (let read = 0; read < 3; read += 1) {
        expect((await b.inject({ method: "GET", url: saved.url })).statusCode).toBe(200);
      }
      expect((await adminPost(a.app, saved.id, "hide")).statusCode).toBe(200);
      // The event travels by NOTIFY; the cache's own expiry (10 s) is far longer than this wait.
      await vi.waitFor(
        async () => expect((await b.inject({ method: "GET", url: saved.url })).statusCode).toBe(404),
        { timeout: 2_000, interval: 20 },
      );
    });
  });
}
