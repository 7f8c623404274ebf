import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError, GalleryPage } from "../../src/common/api.ts";
import type { DrawingStatus } from "../../src/server/db/schema.ts";
import { decodeTopCursor } from "../../src/server/wall/top-cursor.ts";
import { startTestApp, type TestApp } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { walkWall } from "./helpers/reactions.ts";
import { type SeededDrawing, seedDrawings } from "./helpers/seed.ts";

interface Seeded extends SeededDrawing {
  readonly count: number;
}

const DAY_MS = 86_400_000;

/**
 * 300 drawings over the last 10 days, three at a time sharing one millisecond, with counts 0 to 10 (so many
 * share a count, and some a count and a time: the id decides). Ids are lowercase letters and digits, which
 * every collation orders alike. Every 17th is hidden, every 19th pending.
 */
function topSeed(now: number): Seeded[] {
  return Array.from({ length: 300 }, (_, index) => {
    const group = Math.floor(index / 3);
    const status: DrawingStatus = index % 17 === 4 ? "hidden" : index % 19 === 7 ? "pending" : "visible";
    return {
      id: `t${String((index * 211) % 1000).padStart(3, "0")}${(index * 7919).toString(36).padStart(8, "q")}`.slice(
        0,
        12,
      ),
      createdAt: new Date(now - (group % 10) * DAY_MS - group * 60_000).toISOString(),
      status,
      count: (index * 7) % 11,
    };
  });
}

/** Most reactions first, then newest, then the id. */
function topOrder(a: Seeded, b: Seeded): number {
  if (a.count !== b.count) return b.count - a.count;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : -1;
}

for (const dialect of testDialects()) {
  describe(`the Top wall on ${dialect}`, () => {
    let t: TestApp;
    const seeded = topSeed(Date.now());
    const visible = seeded.filter((drawing) => drawing.status === "visible");

    beforeAll(async () => {
      t = await startTestApp(dialect);
      // The ranking reads the counters; the reactions' own rows are reactions.test.ts's concern.
      await seedDrawings(t.store.db, seeded);
    });
    afterAll(async () => t?.close());

    const get = (query: string) => t.app.inject({ method: "GET", url: `/api/drawings?${query}` });

    it("all time: every visible drawing once, most reactions first, ties by time then id, over pages of 7", async () => {
      expect(new Set(seeded.map((drawing) => drawing.id)).size).toBe(300);
      const listed = await walkWall(t.app, "sort=top&window=all", 7);
      expect(listed.map((item) => item.id)).toEqual([...visible].sort(topOrder).map((drawing) => drawing.id));
      expect(listed.map((item) => item.reactions.fire)).toEqual(
        [...visible].sort(topOrder).map((drawing) => drawing.count),
      );
    });

    it("this week: the drawings of today and the 6 days before, in the same order, without gaps or repeats", async () => {
      const first = (await get("sort=top&window=week&limit=5")).json<GalleryPage>();
      const cursor = decodeTopCursor(first.nextCursor ?? "", "week");
      if (cursor === undefined) throw new Error("no week cursor");
      // The week the server ranked (its first day is in the cursor, so a midnight during the test moves nothing).
      const inWeek = visible.filter((drawing) => drawing.createdAt.slice(0, 10) >= cursor.since);
      expect(inWeek.length).toBeGreaterThan(100);
      expect(inWeek.length).toBeLessThan(visible.length);
      const listed = await walkWall(t.app, "sort=top&window=week", 9);
      expect(listed.map((item) => item.id)).toEqual([...inWeek].sort(topOrder).map((drawing) => drawing.id));
      expect(first.items.map((item) => item.id)).toEqual(listed.slice(0, 5).map((item) => item.id));
      // week is the default window of sort=top.
      expect((await get("sort=top&limit=5")).json<GalleryPage>().items).toEqual(first.items);
    });

    it("answers 400 for a cursor of another order or window, a window without sort=top, and remixOf with top", async () => {
      const newest = (await get("limit=3")).json<GalleryPage>().nextCursor;
      const week = (await get("sort=top&window=week&limit=3")).json<GalleryPage>().nextCursor;
      const all = (await get("sort=top&window=all&limit=3")).json<GalleryPage>().nextCursor;
      const forged = Buffer.from("top|all||-1|2026-11-20T10:00:00.000Z|abcdefghijkl").toString("base64url");
      for (const query of [
        `sort=top&window=all&before=${newest}`,
        `sort=top&window=all&before=${week}`,
        `sort=top&window=week&before=${all}`,
        `before=${all}`,
        `sort=top&window=all&before=${forged}`,
      ]) {
        const answer = await get(query);
        expect(answer.statusCode, query).toBe(400);
        expect(answer.json<ApiError>().code, query).toBe("bad_cursor");
      }
      for (const [query, code] of [
        ["window=week", "bad_query"],
        [`sort=top&remixOf=${seeded[0]?.id}`, "bad_query"],
        ["sort=best", "invalid_request"],
        ["sort=top&window=month", "invalid_request"],
      ]) {
        const answer = await get(query as string);
        expect(answer.statusCode, query).toBe(400);
        expect(answer.json<ApiError>().code, query).toBe(code);
        expect(answer.json<ApiError>().message, query).toMatch(/sort|window|remixOf/);
      }
    });
  });
}
