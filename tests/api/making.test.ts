import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { ApiError, GalleryPage, SavedDrawing } from "../../src/common/api.ts";
import { MAKING_TYPE } from "../../src/common/save-bundle.ts";
import { startTestApp, testAppForBlock } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { bundleOf, makingOf, saveBundle } from "./helpers/making.ts";
import { adminPost, moderation } from "./helpers/moderation.ts";
import { dataUrlBody, drawingPng } from "./helpers/png.ts";

// The save carries the making: the page's save bundle stores the PNG and its drawing's log in one row, and
// GET /api/drawings/<id>/making serves the log with the PNG's audience and caching.

let seed = 700;
const nextPng = () => drawingPng(600, 600, ++seed);

for (const dialect of testDialects()) {
  describe(`a drawing's making on ${dialect}`, () => {
    const t = testAppForBlock(dialect, { moderation: moderation() });

    const getMaking = (id: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: "GET", url: `/api/drawings/${id}/making`, headers });
    const storedRow = (id: string) =>
      t.store.db
        .selectFrom("drawings")
        .select(["making", "making_sha256", "image_data"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();

    it("stores the PNG and its log in one save and serves the log's bytes with an ETag and bounded caching", async () => {
      const png = await nextPng();
      const making = makingOf();
      const before = await t.count();
      const answer = await saveBundle(t.app, bundleOf(png, making), { key: "making-key-1" });
      expect(answer.statusCode).toBe(201);
      const saved = answer.json<SavedDrawing>();
      expect(await t.count()).toBe(before + 1);

      const image = await t.app.inject({ method: "GET", url: saved.url });
      expect(Buffer.compare(image.rawPayload, png)).toBe(0);
      const served = await getMaking(saved.id);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe(MAKING_TYPE);
      expect(served.headers["cache-control"]).toBe("public, max-age=300");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(Buffer.compare(served.rawPayload, Buffer.from(making))).toBe(0);
      const etag = String(served.headers.etag);
      const again = await getMaking(saved.id, { "if-none-match": etag });
      expect(again.statusCode).toBe(304);
    });

    it("stores a gzipped log as it came, serves it with Content-Encoding gzip, and inflated to a client without gzip", async () => {
      const making = makingOf();
      const gzipped = gzipSync(making);
      const answer = await saveBundle(t.app, bundleOf(await nextPng(), gzipped), { key: "making-gzip-1" });
      expect(answer.statusCode).toBe(201);
      const saved = answer.json<SavedDrawing>();
      const row = await storedRow(saved.id);
      expect(Buffer.compare(Buffer.from(row.making ?? []), gzipped)).toBe(0);

      const served = await getMaking(saved.id, { "accept-encoding": "gzip, deflate, br" });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe(MAKING_TYPE);
      expect(served.headers["content-encoding"]).toBe("gzip");
      expect(served.headers.vary).toBe("Accept-Encoding");
      expect(served.headers["cache-control"]).toBe("public, max-age=300");
      expect(Buffer.compare(gunzipSync(served.rawPayload), Buffer.from(making))).toBe(0);
      const again = await getMaking(saved.id, {
        "accept-encoding": "gzip",
        "if-none-match": String(served.headers.etag),
      });
      expect(again.statusCode).toBe(304);

      for (const acceptEncoding of [undefined, "identity", "gzip;q=0, br"]) {
        const plain = await getMaking(
          saved.id,
          acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
        );
        expect(plain.statusCode).toBe(200);
        expect(plain.headers["content-encoding"]).toBeUndefined();
        expect(plain.headers.vary).toBe("Accept-Encoding");
        expect(plain.headers.etag).not.toBe(served.headers.etag);
        expect(Buffer.compare(plain.rawPayload, Buffer.from(making))).toBe(0);
      }
    });

    it("refuses a gzip bomb and a damaged gzip with a clear code and stores nothing", async () => {
      const before = await t.count();
      const bomb = await saveBundle(
        t.app,
        bundleOf(await nextPng(), gzipSync(Buffer.alloc(8 * 1024 * 1024))),
      );
      expect(bomb.statusCode).toBe(413);
      expect(bomb.json<ApiError>().code).toBe("making_too_large");
      expect(bomb.json<ApiError>().message).toContain("2 MiB");
      const damaged = Buffer.from(gzipSync(makingOf()));
      damaged.fill(0, 12, damaged.length - 8);
      const bad = await saveBundle(t.app, bundleOf(await nextPng(), damaged));
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ApiError>().code).toBe("making_bad_gzip");
      expect(await t.count()).toBe(before);
    });

    it("says on the wall which drawings have a timelapse", async () => {
      const withLog = (await saveBundle(t.app, bundleOf(await nextPng(), makingOf()))).json<SavedDrawing>();
      const alone = await t.app.inject({
        method: "POST",
        url: "/api/drawings",
        headers: { "content-type": "image/png" },
        payload: await nextPng(),
      });
      const page = (await t.app.inject({ method: "GET", url: "/api/drawings?limit=60" })).json<GalleryPage>();
      expect(page.items.find((item) => item.id === withLog.id)?.making).toBe(true);
      expect(page.items.find((item) => item.id === alone.json<SavedDrawing>().id)?.making).toBe(false);
    });

    it("has no making for a PNG-only save, a JSON save or the REST insert (404, nothing stored)", async () => {
      const raw = await t.app.inject({
        method: "POST",
        url: "/api/drawings",
        headers: { "content-type": "image/png" },
        payload: await nextPng(),
      });
      const json = await t.app.inject({
        method: "POST",
        url: "/api/drawings",
        headers: { "content-type": "application/json" },
        payload: dataUrlBody(await nextPng()),
      });
      const rest = await t.app.inject({
        method: "POST",
        url: "/rest/v1/drawings",
        headers: { "content-type": "application/json", prefer: "return=representation" },
        payload: dataUrlBody(await nextPng()),
      });
      const ids = [
        raw.json<SavedDrawing>().id,
        json.json<SavedDrawing>().id,
        rest.json<{ id: string }[]>()[0]?.id ?? "",
      ];
      for (const id of ids) {
        const served = await getMaking(id);
        expect(served.statusCode, id).toBe(404);
        expect(served.json<ApiError>().code).toBe("not_found");
        expect((await storedRow(id)).making).toBeNull();
      }
    });

    it("honours the Idempotency-Key: a retried bundle stores one row; a refused one stores nothing, and the picture alone may follow under the same key", async () => {
      const png = await nextPng();
      const before = await t.count();
      const first = await saveBundle(t.app, bundleOf(png, makingOf()), { key: "making-retry" });
      const second = await saveBundle(t.app, bundleOf(png, makingOf()), { key: "making-retry" });
      expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
      expect(second.json<SavedDrawing>().id).toBe(first.json<SavedDrawing>().id);
      expect(await t.count()).toBe(before + 1);

      const other = await nextPng();
      const refused = await saveBundle(
        t.app,
        bundleOf(other, makingOf({ kind: "white" }, "no-such-sticker")),
        {
          key: "making-refused",
        },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ApiError>().code).toBe("making_unknown_sticker");
      expect(await t.count()).toBe(before + 1);
      const alone = await t.app.inject({
        method: "POST",
        url: "/api/drawings",
        headers: { "content-type": "image/png", "idempotency-key": "making-refused" },
        payload: other,
      });
      expect(alone.statusCode).toBe(201);
      expect((await storedRow(alone.json<SavedDrawing>().id)).making).toBeNull();
    });

    it("refuses a bundle whose PNG is bad, storing neither part", async () => {
      const before = await t.count();
      const answer = await saveBundle(t.app, bundleOf(await drawingPng(600, 601), makingOf()));
      expect(answer.statusCode).toBe(400);
      expect(answer.json<ApiError>().code).toBe("wrong_size");
      expect(await t.count()).toBe(before);
    });

    it("never serves a hidden, pending or deleted drawing's log; a revalidation answers 404 once it is hidden", async () => {
      const saved = (await saveBundle(t.app, bundleOf(await nextPng(), makingOf()))).json<SavedDrawing>();
      const etag = String((await getMaking(saved.id)).headers.etag);
      expect((await adminPost(t.app, saved.id, "hide")).statusCode).toBe(200);
      expect((await getMaking(saved.id)).statusCode).toBe(404);
      expect((await getMaking(saved.id, { "if-none-match": etag })).statusCode).toBe(404);
      expect((await adminPost(t.app, saved.id, "restore")).statusCode).toBe(200);
      expect((await getMaking(saved.id)).statusCode).toBe(200);
      expect((await adminPost(t.app, saved.id, "delete")).statusCode).toBe(200);
      expect((await getMaking(saved.id)).statusCode).toBe(404);
      const row = await storedRow(saved.id);
      expect([row.making, row.making_sha256]).toEqual([null, null]);
    });

    it("keeps a pending drawing's log from the public until a moderator approves it", async () => {
      const pre = await startTestApp(dialect, { moderation: moderation({ mode: "pre" }) });
      try {
        const saved = (await saveBundle(pre.app, bundleOf(await nextPng(), makingOf()))).json<SavedDrawing>();
        expect(saved.status).toBe("pending");
        const url = `/api/drawings/${saved.id}/making`;
        expect((await pre.app.inject({ method: "GET", url })).statusCode).toBe(404);
        expect((await adminPost(pre.app, saved.id, "restore")).statusCode).toBe(200);
        expect((await pre.app.inject({ method: "GET", url })).statusCode).toBe(200);
      } finally {
        await pre.close();
      }
    });

    it("takes a remix's log from the drawing it remixes, refuses one that starts elsewhere, and keeps no log starting from a hidden original", async () => {
      const original = (await saveBundle(t.app, bundleOf(await nextPng(), makingOf()))).json<SavedDrawing>();
      const fromOriginal = makingOf({ kind: "drawing", id: original.id });
      const remix = await saveBundle(t.app, bundleOf(await nextPng(), fromOriginal), {
        remixOf: original.id,
      });
      expect(remix.statusCode).toBe(201);
      expect((await getMaking(remix.json<SavedDrawing>().id)).statusCode).toBe(200);

      const before = await t.count();
      const unnamed = await saveBundle(t.app, bundleOf(await nextPng(), fromOriginal));
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json<ApiError>()).toMatchObject({ code: "making_start_mismatch" });
      expect(unnamed.json<ApiError>().message).toContain(original.id);
      const fromMascot = await saveBundle(t.app, bundleOf(await nextPng(), makingOf()), {
        remixOf: original.id,
      });
      expect(fromMascot.json<ApiError>().code).toBe("making_start_mismatch");
      expect(await t.count()).toBe(before);

      expect((await adminPost(t.app, original.id, "hide")).statusCode).toBe(200);
      const late = await saveBundle(t.app, bundleOf(await nextPng(), fromOriginal), { remixOf: original.id });
      expect(late.statusCode).toBe(201);
      expect((await storedRow(late.json<SavedDrawing>().id)).making).toBeNull();
    });

    it("accepts the branding's own stickers in a log, by their image address", async () => {
      const branded = await startTestApp(dialect, {
        branding: {
          ...(await import("../../src/common/config.ts")).DEFAULT_BRANDING,
          stickers: [{ name: "Hat", image: "/stickers/hat.svg" }],
        },
      });
      try {
        const answer = await saveBundle(
          branded.app,
          bundleOf(await nextPng(), makingOf({ kind: "white" }, "/stickers/hat.svg")),
        );
        expect(answer.statusCode).toBe(201);
        const refused = await saveBundle(
          t.app,
          bundleOf(await nextPng(), makingOf({ kind: "white" }, "/stickers/hat.svg")),
        );
        expect(refused.json<ApiError>().code).toBe("making_unknown_sticker");
      } finally {
        await branded.close();
      }
    });
  });
}
