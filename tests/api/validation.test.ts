import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "../../src/common/api.ts";
import { startTestApp, type TestApp } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { ADMIN_TOKEN, moderation, saveNewDrawing } from "./helpers/moderation.ts";

// One way to validate: query strings are coerced to the types their schema declares, a failure names the
// route's own rule (never the upload's), and the drawing id is one shared rule on every route that takes one.

/** What only the upload routes may talk about. */
const UPLOAD_WORDS = /Content-Type: image\/png|PNG bytes|image_data/;

for (const dialect of testDialects()) {
  describe(`validation on ${dialect}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect, { moderation: moderation() });
      for (let drawing = 0; drawing < 7; drawing += 1) await saveNewDrawing(t.app);
    });
    afterAll(async () => {
      await t.close();
    });

    const admin = (query: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/admin/drawings${query}`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });

    it("GET /api/admin/drawings?filter=newest&limit=5 lists the 5 newest (limit was refused as not an integer)", async () => {
      const answer = await admin("?filter=newest&limit=5");
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<{ items: unknown[] }>().items).toHaveLength(5);
      expect((await admin("?limit=200")).statusCode).toBe(200);
    });

    it("refuses an admin limit or filter out of range with a message naming that parameter's rule", async () => {
      for (const limit of ["0", "201", "five", "1.5"]) {
        const answer = await admin(`?limit=${limit}`);
        expect(answer.statusCode, limit).toBe(400);
        const error = answer.json<ApiError>();
        expect(error.code).toBe("invalid_request");
        expect(error.message).toContain('"limit" in the query string');
        expect(error.message).toContain("from 1 to 200");
        expect(error.message).not.toMatch(UPLOAD_WORDS);
      }
      const filter = (await admin("?filter=oldest")).json<ApiError>();
      expect(filter.message).toContain("newest, reported, pending, hidden");
      expect(filter.message).not.toMatch(UPLOAD_WORDS);
      const unknown = (await admin("?sort=desc")).json<ApiError>();
      expect(unknown).toMatchObject({ statusCode: 400, code: "unknown_field" });
      expect(unknown.message).toContain('"sort"');
      expect(unknown.message).not.toMatch(UPLOAD_WORDS);
    });

    it("coerces the wall's limit and refuses the wall's own way (bad_limit), never with the upload hint", async () => {
      const page = await t.app.inject({ method: "GET", url: "/api/drawings?limit=3" });
      expect(page.json<{ items: unknown[] }>().items).toHaveLength(3);
      const refused = (await t.app.inject({ method: "GET", url: "/api/drawings?limit=x" })).json<ApiError>();
      expect(refused.code).toBe("bad_limit");
      expect(refused.message).not.toMatch(UPLOAD_WORDS);
    });

    it("answers a malformed id as no drawing on every route that takes an id", async () => {
      const malformed = "not-an-id!";
      const answers = [
        await t.app.inject({ method: "GET", url: `/api/drawings/${malformed}.png` }),
        await t.app.inject({ method: "GET", url: `/api/drawings/${malformed}.webp` }),
        await t.app.inject({
          method: "POST",
          url: `/api/drawings/${malformed}/report`,
          headers: { "content-type": "application/json" },
        }),
        await t.app.inject({ method: "GET", url: `/d/${malformed}` }),
        await t.app.inject({
          method: "GET",
          url: `/api/admin/drawings/${malformed}.png`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        }),
        await t.app.inject({
          method: "POST",
          url: `/api/admin/drawings/${malformed}/hide`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        }),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
      // The permalink is a page: its refusal is the page's own "not found", in HTML.
      expect(answers[3]?.headers["content-type"]).toMatch(/^text\/html/);
      expect(answers[3]?.body).toContain("Drawing not found");
    });

    it("counts a refusal in /metrics by the refusal's own code, whichever family answered it", async () => {
      const watched = await startTestApp(dialect, {
        observability: { metricsToken: undefined, metricsAllowLocal: true },
      });
      try {
        const badKey = { "content-type": "application/json", "idempotency-key": "two words" };
        for (const url of ["/api/drawings", "/rest/v1/drawings"]) {
          await watched.app.inject({ method: "POST", url, headers: badKey, payload: { image_data: "x" } });
        }
        const text = (
          await watched.app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" })
        ).body;
        for (const route of ["/api/drawings", "/rest/v1/drawings"]) {
          expect(text).toContain(
            `fanvas_saves_total{reason="bad_idempotency_key",result="rejected",route="${route}"} 1`,
          );
        }
      } finally {
        await watched.close();
      }
    });
  });
}
