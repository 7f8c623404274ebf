import { describe, expect, it } from "vitest";
import { DRAWING_FILE_MAX_AGE_SECONDS } from "../../src/server/http/drawing-file.ts";
import { testAppForBlock } from "../api/helpers/app.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { adminPost, moderation, saveNewDrawing } from "../api/helpers/moderation.ts";

// An image `immutable` for a year would keep a hidden or deleted drawing in browsers' and proxies' caches.
// Images may be kept 5 minutes and are then revalidated by ETag: 304 while the drawing is public, 404 once it
// is not, so a hide or delete takes effect everywhere within 10 minutes (README).

for (const dialect of testDialects()) {
  describe(`drawing images after a hide or delete, on ${dialect}`, () => {
    const t = testAppForBlock(dialect, { moderation: moderation() });

    const get = (url: string, etag?: string) =>
      t.app.inject({ method: "GET", url, headers: etag === undefined ? {} : { "if-none-match": etag } });

    it("may be cached a few minutes, never as immutable, and revalidate cheaply while public", async () => {
      expect(DRAWING_FILE_MAX_AGE_SECONDS * 2).toBeLessThanOrEqual(600);
      const { id } = await saveNewDrawing(t.app);
      for (const url of [`/api/drawings/${id}.png`, `/api/drawings/${id}.webp`]) {
        const first = await get(url);
        expect(first.statusCode).toBe(200);
        expect(first.headers["cache-control"]).toBe(`public, max-age=${DRAWING_FILE_MAX_AGE_SECONDS}`);
        expect(String(first.headers["cache-control"])).not.toContain("immutable");
        const again = await get(url, String(first.headers.etag));
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload).toHaveLength(0);
      }
    });

    for (const action of ["hide", "delete"] as const) {
      it(`answers a revalidation 404 once a moderator chose ${action}, however fresh the client's copy`, async () => {
        const { id } = await saveNewDrawing(t.app);
        const urls = [`/api/drawings/${id}.png`, `/api/drawings/${id}.webp`];
        const etags = await Promise.all(urls.map(async (url) => String((await get(url)).headers.etag)));
        expect((await adminPost(t.app, id, action)).statusCode).toBe(200);
        for (const [index, url] of urls.entries()) {
          expect((await get(url, etags[index])).statusCode).toBe(404);
          expect((await get(url)).statusCode).toBe(404);
        }
      });
    }
  });
}
