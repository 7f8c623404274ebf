import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import { buildApp } from "../../src/server/app.ts";
import type { DrawingStatus } from "../../src/server/db/schema.ts";
import { MAX_MAKES_PER_VISITOR } from "../../src/server/drawings/made-on-demand.ts";
import { startDrawingWorker } from "../../src/server/jobs/drawing-worker.ts";
import type { WorkerLog } from "../../src/server/jobs/worker.ts";
import {
  CARD_DRAWING_LEFT,
  CARD_DRAWING_TOP,
  CARD_HEIGHT,
  CARD_WIDTH,
  cardStyleOf,
} from "../../src/server/png/card.ts";
import { memoryLog } from "../security/helpers/memory-log.ts";
import { startTestApp, type TestApp } from "./helpers/app.ts";
import { busyDrawingPng } from "./helpers/busy-png.ts";
import { testDialects } from "./helpers/dialects.ts";
import { savePng } from "./helpers/moderation.ts";
import { drawingPng } from "./helpers/png.ts";

const quiet: WorkerLog = { info: () => {}, error: () => {} };
const MADE = "card image made on demand";
/** A community's own colours (they pass the start's contrast check). */
const BRANDING = {
  ...DEFAULT_BRANDING,
  title: "Draw Wanda",
  theme: { accent: "#7a3b1f", background: "#fbeedd" },
};

/** The card's pixels as RGB rows. */
async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    info,
    at: (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)],
  };
}

for (const dialect of testDialects()) {
  describe(`link card images on ${dialect}`, () => {
    let test: TestApp;
    const log = memoryLog();
    afterEach(async () => test?.close());

    const save = (png: Buffer) => savePng(test.app, png);

    const card = (id: string, remoteAddress = "10.70.0.1", headers: Record<string, string> = {}) =>
      test.app.inject({ method: "GET", url: `/api/drawings/${id}/card.png`, remoteAddress, headers });

    const storedCard = async (id: string) =>
      (
        await test.store.db
          .selectFrom("drawings")
          .select(["card_png", "card_style"])
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).card_png;

    const setStatus = (id: string, status: DrawingStatus) =>
      test.store.db.updateTable("drawings").set({ status }).where("id", "=", id).execute();

    it("is 1200 x 630 with the whole drawing at its own pixels on the community's background, made by the job and cached", async () => {
      test = await startTestApp(dialect, { branding: BRANDING });
      const original = await busyDrawingPng(5);
      const saved = await save(original);
      expect(await storedCard(saved.id)).toBeNull();
      const worker = startDrawingWorker(test.store, quiet, cardStyleOf(BRANDING));
      await worker.drain();
      await worker.stop();
      const stored = await storedCard(saved.id);
      expect(stored?.byteLength).toBeGreaterThan(0);

      const answer = await card(saved.id);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-type"]).toBe("image/png");
      expect(answer.headers["cache-control"]).toBe("public, max-age=300");
      expect(answer.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(answer.rawPayload.equals(Buffer.from(stored ?? []))).toBe(true);
      const revalidated = await card(saved.id, "10.70.0.1", { "if-none-match": String(answer.headers.etag) });
      expect(revalidated.statusCode).toBe(304);

      const made = await pixels(answer.rawPayload);
      expect([made.info.width, made.info.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
      // Every pixel of the drawing is there, unscaled, but for its rounded corners.
      const drawn = await pixels(original);
      const corner = 16;
      let differing = 0;
      for (let y = 0; y < 600; y += 1) {
        for (let x = 0; x < 600; x += 1) {
          const inCorner = (x < corner || x >= 600 - corner) && (y < corner || y >= 600 - corner);
          if (inCorner) continue;
          const a = made.at(CARD_DRAWING_LEFT + x, CARD_DRAWING_TOP + y);
          const b = drawn.at(x, y);
          if (a.some((value, channel) => Math.abs(value - (b[channel] ?? 0)) > 1)) differing += 1;
        }
      }
      expect(differing).toBe(0);
      // The community's background around it (between the dots), at both sides.
      expect(made.at(2, 2)).toEqual([0xfb, 0xee, 0xdd]);
      expect(made.at(CARD_WIDTH - 10, CARD_HEIGHT - 30)).toEqual([0xfb, 0xee, 0xdd]);
    });

    it("is made on demand once for 50 visitors asking at once, and again (once) after the branding changes", async () => {
      test = await startTestApp(dialect, { logger: log.logger });
      const { id } = await save(await drawingPng(600, 600, 41));
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, visitor) => card(id, `10.71.0.${visitor + 1}`)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      const first = answers[0]?.rawPayload ?? Buffer.alloc(0);
      expect(answers.every((answer) => answer.rawPayload.equals(first))).toBe(true);
      expect(log.withMessage(MADE).filter((line) => line.drawing === id)).toHaveLength(1);
      expect(Buffer.from((await storedCard(id)) ?? []).equals(first)).toBe(true);

      // A server on the same store under a new title and colours: the stored card is made again in them, once.
      const rebrandedApp = await buildApp({
        branding: BRANDING,
        store: test.store,
        clientDir: "/nonexistent/fanvas-client",
        logger: log.logger,
      });
      const rebranded = await Promise.all(
        ["10.71.1.1", "10.71.1.2"].map((remoteAddress) =>
          rebrandedApp.inject({ method: "GET", url: `/api/drawings/${id}/card.png`, remoteAddress }),
        ),
      );
      await rebrandedApp.close();
      expect(rebranded.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(rebranded[0]?.rawPayload.equals(first)).toBe(false);
      expect((await pixels(rebranded[0]?.rawPayload ?? first)).at(2, 2)).toEqual([0xfb, 0xee, 0xdd]);
      expect(log.withMessage(MADE).filter((line) => line.drawing === id)).toHaveLength(2);
    });

    it(`starts at most ${MAX_MAKES_PER_VISITOR} makes for one visitor, cards and thumbnails together; the rest get the PNG`, async () => {
      test = await startTestApp(dialect, { logger: log.logger });
      const ids: string[] = [];
      for (let seed = 0; seed < 20; seed += 1)
        ids.push((await save(await drawingPng(600, 600, 60 + seed))).id);
      const visitor = "10.72.0.1";
      const answers = await Promise.all(
        ids.flatMap((id) => [
          card(id, visitor),
          test.app.inject({ method: "GET", url: `/api/drawings/${id}.webp`, remoteAddress: visitor }),
        ]),
      );
      const redirected = answers.filter((answer) => answer.statusCode === 307);
      expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 307)).toBe(true);
      expect(redirected.length).toBeGreaterThanOrEqual(30);
      for (const answer of redirected) {
        expect(answer.headers.location).toMatch(/^\/api\/drawings\/[A-Za-z0-9_-]{12}\.png$/);
        expect(answer.headers["cache-control"]).toBe("no-store");
      }
    });

    it("is never served for a drawing off the wall, even one whose card was made while it was on it", async () => {
      test = await startTestApp(dialect);
      const saved = await save(await drawingPng(600, 600, 43));
      expect((await card(saved.id)).statusCode).toBe(200);
      for (const status of ["hidden", "pending", "deleted"] as const) {
        await setStatus(saved.id, status);
        const answer = await card(saved.id);
        expect(answer.statusCode, status).toBe(404);
        expect(answer.json()).toMatchObject({ code: "not_found" });
      }
      for (const url of ["/api/drawings/AAAAAAAAAAAA/card.png", "/api/drawings/short/card.png"]) {
        expect((await test.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
      }
    });
  });
}
