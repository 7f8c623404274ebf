import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError, GalleryItem, GalleryPage } from "../../src/common/api.ts";
import type { DrawingStatus } from "../../src/server/db/schema.ts";
import { startTestApp, type TestApp } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { type SeededDrawing, seedDrawings } from "./helpers/seed.ts";

/**
 * 130 drawings: the first 70 each at its own millisecond, the rest in groups of 4 sharing one, so the
 * id decides their order. Ids are lowercase letters and digits, which every collation orders alike.
 * Every 7th is hidden, every 11th pending, every 13th deleted.
 */
function wallSeed(): SeededDrawing[] {
  const start = Date.parse("2026-11-20T10:00:00.000Z");
  return Array.from({ length: 130 }, (_, index) => {
    const millisecond = index < 70 ? index : 70 + Math.floor((index - 70) / 4);
    const status: DrawingStatus =
      index % 13 === 5 ? "deleted" : index % 11 === 3 ? "pending" : index % 7 === 2 ? "hidden" : "visible";
    return {
      // Scrambled digits, so id order differs from insertion order inside a group.
      id: `d${String((index * 379) % 1000).padStart(3, "0")}${(index * 7919).toString(36).padStart(8, "x")}`.slice(
        0,
        12,
      ),
      createdAt: new Date(start + millisecond * 1000).toISOString(),
      status,
    };
  });
}

/** Newest first; equal times by id descending. */
function wallOrder(a: SeededDrawing, b: SeededDrawing): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : -1;
}

for (const dialect of testDialects()) {
  describe(`gallery pages on ${dialect}`, () => {
    let test: TestApp;
    const seeded = wallSeed();
    const visible = seeded.filter((drawing) => drawing.status === "visible").sort(wallOrder);

    beforeAll(async () => {
      test = await startTestApp(dialect);
      await seedDrawings(test.store.db, seeded);
    });
    afterAll(async () => test?.close());

    const get = (query: string) => test.app.inject({ method: "GET", url: `/api/drawings${query}` });

    it("walks every visible drawing exactly once, newest first with the id breaking ties, and never a hidden, pending or deleted one", async () => {
      expect(new Set(seeded.map((drawing) => drawing.id)).size).toBe(130);
      expect(visible.length).toBeGreaterThan(80);
      const listed: GalleryItem[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const answer = await get(`?limit=7${cursor === null ? "" : `&before=${cursor}`}`);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers["cache-control"]).toBe("no-store");
        const page = answer.json<GalleryPage>();
        expect(page.items.length).toBeLessThanOrEqual(7);
        if (page.nextCursor !== null) expect(page.items).toHaveLength(7);
        listed.push(...page.items);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== null && pages < 100);
      expect(listed.map((item) => item.id)).toEqual(visible.map((drawing) => drawing.id));
      expect(listed.map((item) => item.createdAt)).toEqual(visible.map((drawing) => drawing.createdAt));
      expect(pages).toBe(Math.ceil(visible.length / 7));
    });

    it("describes each item with its image, thumbnail and permalink addresses", async () => {
      const page = (await get("")).json<GalleryPage>();
      const newest = visible[0];
      if (newest === undefined) throw new Error("nothing seeded");
      expect(page.items[0]).toEqual({
        id: newest.id,
        url: `/api/drawings/${newest.id}.png`,
        thumbnailUrl: `/api/drawings/${newest.id}.webp`,
        permalink: `/d/${newest.id}`,
        createdAt: newest.createdAt,
        reactions: { heart: 0, fire: 0, lol: 0 },
        reactionsVersion: 0,
        remixOf: null,
        making: false,
        reacted: [],
        name: null,
        prompt: null,
        place: null,
        mine: false,
      });
    });

    it("gives 24 items by default and clamps a larger limit to 60", async () => {
      expect((await get("")).json<GalleryPage>().items).toHaveLength(24);
      const clamped = await get("?limit=1000");
      expect(clamped.statusCode).toBe(200);
      expect(clamped.json<GalleryPage>().items).toHaveLength(60);
      expect(clamped.json<GalleryPage>().nextCursor).not.toBeNull();
    });

    it("answers 400 with an ApiError for a cursor it did not make, and for a limit that is not a positive number", async () => {
      const forged = Buffer.from("2026-11-20T10:00:00.000Z|short").toString("base64url");
      const badTime = Buffer.from("2026-13-45T10:00:00.000Z|abcdefghijkl").toString("base64url");
      for (const before of ["not a cursor", "%00", forged, badTime, "x".repeat(300)]) {
        const answer = await get(`?before=${encodeURIComponent(before)}`);
        expect(answer.statusCode, before).toBe(400);
        expect(answer.json<ApiError>()).toMatchObject({ statusCode: 400, code: "bad_cursor" });
      }
      for (const limit of ["0", "-1", "ten", "1.5", ""]) {
        const answer = await get(`?limit=${limit}`);
        expect(answer.statusCode, limit).toBe(400);
        expect(answer.json<ApiError>().code).toBe("bad_limit");
      }
    });

    it("ends with nextCursor null on the last page, and an empty wall is one empty page", async () => {
      const all = (await get("?limit=60")).json<GalleryPage>();
      const last = await get(`?limit=60&before=${all.nextCursor}`);
      expect(last.json<GalleryPage>().nextCursor).toBeNull();
      const empty = await startTestApp(dialect);
      try {
        const answer = await empty.app.inject({ method: "GET", url: "/api/drawings" });
        expect(answer.json<GalleryPage>()).toEqual({ items: [], nextCursor: null });
      } finally {
        await empty.close();
      }
    });
  });
}
