import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_MAKES_PER_VISITOR } from "../../src/server/drawings/made-on-demand.ts";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { saveNewDrawing } from "../api/helpers/moderation.ts";
import { memoryLog } from "./helpers/memory-log.ts";

// A thumbnail not made yet costs about 240 ms of CPU to make, so 200 concurrent .webp GETs must not make 200. One
// make per drawing at a time, every concurrent request waits for it, and one visitor starts at most
// MAX_MAKES_PER_VISITOR at once (asking for more gets the full PNG, which costs nothing to make).
// No background worker runs here, so every thumbnail is made on demand; each make logs one line.

const MADE = "thumbnail made on demand";

for (const dialect of testDialects()) {
  describe(`thumbnails made on demand, on ${dialect}`, () => {
    let t: TestApp;
    const log = memoryLog();
    beforeAll(async () => {
      t = await startTestApp(dialect, { logger: log.logger });
    });
    afterAll(async () => {
      await t.close();
    });

    const thumbnail = (id: string, remoteAddress: string) =>
      t.app.inject({ method: "GET", url: `/api/drawings/${id}.webp`, remoteAddress });

    it("makes a drawing's thumbnail once for 50 visitors asking at the same moment, and all get it", async () => {
      const { id } = await saveNewDrawing(t.app);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, visitor) => thumbnail(id, `10.60.0.${visitor + 1}`)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      const first = answers[0]?.rawPayload;
      expect(answers.every((answer) => answer.rawPayload.equals(first ?? Buffer.alloc(0)))).toBe(true);
      expect(log.withMessage(MADE).filter((line) => line.drawing === id)).toHaveLength(1);
    });

    it(`starts at most ${MAX_MAKES_PER_VISITOR} makes for one visitor asking for 60 at once; the rest get the PNG`, async () => {
      const ids: string[] = [];
      for (let drawing = 0; drawing < 60; drawing += 1) ids.push((await saveNewDrawing(t.app)).id);
      const before = log.withMessage(MADE).length;
      const answers = await Promise.all(ids.map((id) => thumbnail(id, "10.61.0.1")));
      const made = log.withMessage(MADE).length - before;
      const redirected = answers.filter((answer) => answer.statusCode === 307);
      expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 307)).toBe(true);
      expect(made).toBe(answers.length - redirected.length);
      // All 60 lookups finish long before the first make does: almost every request finds the visitor busy.
      expect(redirected.length).toBeGreaterThanOrEqual(30);
      for (const answer of redirected) {
        expect(answer.headers.location).toMatch(/^\/api\/drawings\/[A-Za-z0-9_-]{12}\.png$/);
        expect(answer.headers["cache-control"]).toBe("no-store");
      }
      const fallback = await t.app.inject({ method: "GET", url: String(redirected[0]?.headers.location) });
      expect(fallback.statusCode).toBe(200);
      // Once its makes are done, the visitor is not busy any more: a drawing it got the PNG for is made now.
      const sentThePng = ids[answers.findIndex((answer) => answer.statusCode === 307)] as string;
      expect((await thumbnail(sentThePng, "10.61.0.1")).statusCode).toBe(200);
      expect(log.withMessage(MADE).filter((line) => line.drawing === sentThePng)).toHaveLength(1);
    });
  });
}
