import { createHash } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError, SavedDrawing } from "../../src/common/api.ts";
import { startTestApp, type TestApp } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { dataUrlBody, drawingPng } from "./helpers/png.ts";

const malformedIds = [
  "abc.png",
  "AAAAAAAAAAAA.png",
  "AAAAAAAAAAAA",
  "AAAAAAAAAAAA.jpg",
  "..%2F..%2Fetc%2Fpasswd",
  "..%2F..%2Fpackage.json",
  "%27%20OR%201%3D1%20--.png",
  "1%3B%20DROP%20TABLE%20drawings.png",
  "%E2%9C%8F%EF%B8%8F%F0%9F%8E%A8abc.png",
  "%00AAAAAAAAAAA.png",
  "%E0%A4%A.png",
  "%",
];

for (const dialect of testDialects()) {
  describe(`GET /api/drawings/<id>.png on ${dialect}`, () => {
    let t: TestApp;
    let original: Buffer;
    let saved: SavedDrawing;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      original = await drawingPng(600, 600, 3);
      const response = await t.app.inject({
        method: "POST",
        url: "/api/drawings",
        headers: { "content-type": "image/png" },
        payload: original,
      });
      saved = response.json<SavedDrawing>();
    });
    afterAll(async () => {
      await t.close();
    });

    it("returns the stored PNG byte-identical, with nosniff, a strong sha256 ETag and five minutes of caching", async () => {
      const response = await t.app.inject({ method: "GET", url: saved.url });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(original)).toBe(true);
      expect(response.headers["content-type"]).toBe("image/png");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers.etag).toBe(`"${createHash("sha256").update(original).digest("hex")}"`);
      expect(response.headers["cache-control"]).toBe("public, max-age=300");
    });

    it("keeps the PNG as bytes in the table, not as base64 text", async () => {
      const row = await t.store.db
        .selectFrom("drawings")
        .selectAll()
        .where("id", "=", saved.id)
        .executeTakeFirstOrThrow();
      expect(row.image_data).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(row.image_data).equals(original)).toBe(true);
      expect(row.byte_size).toBe(original.length);
      expect(row.sha256).toBe(createHash("sha256").update(original).digest("hex"));
    });

    it("stores a JSON data-URL upload as the decoded PNG, which decodes to the same pixels", async () => {
      const sent = await drawingPng(600, 600, 9);
      const post = await t.app.inject({ method: "POST", url: "/api/drawings", payload: dataUrlBody(sent) });
      const back = await t.app.inject({ method: "GET", url: post.json<SavedDrawing>().url });
      expect(back.rawPayload.equals(sent)).toBe(true);
      const [a, b] = await Promise.all([
        sharp(sent).raw().toBuffer(),
        sharp(back.rawPayload).raw().toBuffer(),
      ]);
      expect(a.equals(b)).toBe(true);
    });

    it("answers 304 with no body when If-None-Match carries the ETag", async () => {
      const first = await t.app.inject({ method: "GET", url: saved.url });
      const etag = String(first.headers.etag);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
        const again = await t.app.inject({
          method: "GET",
          url: saved.url,
          headers: { "if-none-match": ifNoneMatch },
        });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
      }
      const stale = await t.app.inject({
        method: "GET",
        url: saved.url,
        headers: { "if-none-match": '"other"' },
      });
      expect(stale.statusCode).toBe(200);
    });

    for (const id of malformedIds) {
      it(`answers 404 JSON for the unknown or malformed id ${readable(id)}`, async () => {
        const response = await t.app.inject({ method: "GET", url: `/api/drawings/${id}` });
        expect(response.statusCode).toBe(404);
        expect(response.headers["content-type"]).toMatch(/^application\/json/);
        const body = response.json<ApiError>();
        expect(body.statusCode).toBe(404);
        expect(body.code).toBe("not_found");
        expect(body.message).toMatch(/\/api\/drawings\/<id>\.png|Nothing is at/);
      });
    }

    it("answers 404 JSON for a traversal path the router does not match", async () => {
      const response = await t.app.inject({ method: "GET", url: "/api/drawings/../../etc/passwd" });
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiError>().code).toBe("not_found");
    });
  });
}

/** The id as a person would read it in a test name; raw when it is not valid percent-encoding. */
function readable(id: string): string {
  try {
    return decodeURIComponent(id).replace(/\0/g, "\\0");
  } catch {
    return id;
  }
}
