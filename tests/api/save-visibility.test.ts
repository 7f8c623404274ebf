import { describe, expect, it } from "vitest";
import type { SavedDrawing } from "../../src/common/api.ts";
import { startTestApp } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { adminPost, moderation } from "./helpers/moderation.ts";
import { drawingPng } from "./helpers/png.ts";

/** POST /api/drawings under an Idempotency-Key; the status code and the answer. */
async function save(app: Awaited<ReturnType<typeof startTestApp>>["app"], key: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/drawings",
    headers: { "content-type": "image/png", "idempotency-key": key },
    payload: await drawingPng(600, 600, 3),
  });
  return { code: response.statusCode, body: response.json<SavedDrawing>() };
}

for (const dialect of testDialects()) {
  describe(`the save answer says whether the drawing is public yet (${dialect})`, () => {
    it("post-moderation: visible at once", async () => {
      const t = await startTestApp(dialect, { moderation: moderation() });
      try {
        const { code, body } = await save(t.app, "visible-key-1");
        expect(code).toBe(201);
        expect(body.status).toBe("visible");
      } finally {
        await t.close();
      }
    });

    it("pre-moderation: pending until approved; a retry reports the status it has now", async () => {
      const t = await startTestApp(dialect, { moderation: moderation({ mode: "pre" }) });
      try {
        const first = await save(t.app, "pending-key-1");
        expect(first.code).toBe(201);
        expect(first.body.status).toBe("pending");
        expect((await t.app.inject({ method: "GET", url: first.body.url })).statusCode).toBe(404);

        expect((await adminPost(t.app, first.body.id, "restore")).statusCode).toBe(200);
        const approved = await save(t.app, "pending-key-1");
        expect(approved).toEqual({ code: 200, body: { ...first.body, status: "visible" } });

        // Hidden again: not public, so the saver is told it waits (there is no "hidden" in the answer).
        expect((await adminPost(t.app, first.body.id, "hide")).statusCode).toBe(200);
        expect((await save(t.app, "pending-key-1")).body.status).toBe("pending");
      } finally {
        await t.close();
      }
    });
  });
}
