import { describe, expect, it } from "vitest";
import type { ApiError, GalleryPage } from "../../src/common/api.ts";
import type { ReactionState } from "../../src/common/reactions.ts";
import { testAppForBlock } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { adminPost, moderation, recordEvents, saveNewDrawing } from "./helpers/moderation.ts";
import { cookieHeader, react, reactionRows, reactionsOf, unreact } from "./helpers/reactions.ts";

for (const dialect of testDialects()) {
  describe(`reactions on ${dialect}`, () => {
    const t = testAppForBlock(dialect, { moderation: moderation() });

    const rowsOf = (id: string) => reactionRows(t.store.db, id);

    it("counts each browser's reaction of each kind once: giving twice or taking back twice changes nothing", async () => {
      const { id } = await saveNewDrawing(t.app);
      const first = await react(t.app, id, "heart", "10.40.0.1");
      expect(first.statusCode).toBe(200);
      expect(first.json<ReactionState>()).toEqual({
        reactions: { heart: 1, fire: 0, lol: 0 },
        version: 1,
        reacted: ["heart"],
      });
      // Again: the same answer, no new version.
      expect((await react(t.app, id, "heart", "10.40.0.1")).json<ReactionState>()).toMatchObject({
        reactions: { heart: 1, fire: 0, lol: 0 },
        version: 1,
      });
      expect((await react(t.app, id, "fire", "10.40.0.1")).json<ReactionState>()).toEqual({
        reactions: { heart: 1, fire: 1, lol: 0 },
        version: 2,
        reacted: ["heart", "fire"],
      });
      expect((await react(t.app, id, "heart", "10.40.0.2")).json<ReactionState>().reactions.heart).toBe(2);
      const taken = await unreact(t.app, id, "heart", "10.40.0.1");
      expect(taken.statusCode).toBe(200);
      expect(taken.json<ReactionState>()).toEqual({
        reactions: { heart: 1, fire: 1, lol: 0 },
        version: 4,
        reacted: ["fire"],
      });
      expect((await unreact(t.app, id, "heart", "10.40.0.1")).json<ReactionState>().version).toBe(4);
      // Each browser reads its own reactions; everyone reads the same counts.
      expect(await reactionsOf(t.app, id, "10.40.0.2")).toMatchObject({ reacted: ["heart"], version: 4 });
      expect(await reactionsOf(t.app, id, "10.40.0.3")).toMatchObject({ reacted: [] });
      const rows = await rowsOf(id);
      expect(rows.map((row) => row.kind).sort()).toEqual(["fire", "heart"]);
      for (const row of rows) expect(row.reactor_hash).not.toContain("10.40");
    });

    it("keeps the counts right under 50 concurrent toggles from different addresses", async () => {
      const { id } = await saveNewDrawing(t.app);
      const clients = Array.from(
        { length: 50 },
        (_, index) => `10.41.${Math.floor(index / 250)}.${index + 1}`,
      );
      const given = await Promise.all(clients.map((client) => react(t.app, id, "heart", client)));
      expect(given.map((answer) => answer.statusCode)).toEqual(clients.map(() => 200));
      expect((await reactionsOf(t.app, id))?.reactions).toEqual({ heart: 50, fire: 0, lol: 0 });
      // Half take their heart back while the other half add fire, all at once.
      const mixed = await Promise.all(
        clients.map((client, index) =>
          index % 2 === 0 ? unreact(t.app, id, "heart", client) : react(t.app, id, "fire", client),
        ),
      );
      expect(mixed.every((answer) => answer.statusCode === 200)).toBe(true);
      const state = await reactionsOf(t.app, id);
      expect(state?.reactions).toEqual({ heart: 25, fire: 25, lol: 0 });
      expect(state?.version).toBe(100);
      expect(await rowsOf(id)).toHaveLength(50);
      const stored = await t.store.db
        .selectFrom("drawings")
        .select(["reaction_count"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(stored.reaction_count).toBe(50);
    });

    it("answers 400 for an unknown kind or a bad body, 404 for a drawing not on the wall, and changes nothing", async () => {
      const { id } = await saveNewDrawing(t.app);
      for (const answer of [
        await react(t.app, id, "poop", "10.42.0.1"),
        await unreact(t.app, id, "poop", "10.42.0.1"),
      ]) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json<ApiError>()).toMatchObject({ code: "unknown_reaction" });
        expect(answer.json<ApiError>().message).toMatch(/heart, fire, lol/);
      }
      const post = (payload: string) =>
        t.app.inject({
          method: "POST",
          url: `/api/drawings/${id}/reactions`,
          headers: { "content-type": "application/json" },
          payload,
        });
      for (const payload of ["", "{}", '{"kind":"heart","extra":1}', '{"kind":5}', "[", "null"]) {
        const answer = await post(payload);
        expect(answer.statusCode, payload).toBe(400);
        expect(answer.json<ApiError>().message.length, payload).toBeGreaterThan(10);
      }
      const notJson = await t.app.inject({
        method: "POST",
        url: `/api/drawings/${id}/reactions`,
        headers: { "content-type": "text/plain" },
        payload: '{"kind":"heart"}',
      });
      expect(notJson.statusCode).toBe(415);
      expect((await react(t.app, "AAAAAAAAAAAA", "heart", "10.42.0.1")).statusCode).toBe(404);
      expect((await react(t.app, "..%2F..%2Fxx", "heart", "10.42.0.1")).statusCode).toBe(404);
      expect((await unreact(t.app, "AAAAAAAAAAAA", "heart", "10.42.0.1")).statusCode).toBe(404);
      expect(await reactionsOf(t.app, "AAAAAAAAAAAA")).toBeUndefined();
      expect(await rowsOf(id)).toHaveLength(0);
    });

    it("takes no reactions and shows none while a drawing is pending, hidden or deleted, and shows them again on restore", async () => {
      const { id } = await saveNewDrawing(t.app);
      await react(t.app, id, "lol", "10.43.0.1");
      await react(t.app, id, "lol", "10.43.0.2");
      expect((await adminPost(t.app, id, "hide")).statusCode).toBe(200);
      expect((await react(t.app, id, "heart", "10.43.0.3")).statusCode).toBe(404);
      expect((await unreact(t.app, id, "lol", "10.43.0.1")).statusCode).toBe(404);
      expect(await reactionsOf(t.app, id)).toBeUndefined();
      const listed = (
        await t.app.inject({ method: "GET", url: "/api/drawings?sort=top&window=all" })
      ).json<GalleryPage>();
      expect(listed.items.map((item) => item.id)).not.toContain(id);
      const recorder = recordEvents(t.store);
      expect((await adminPost(t.app, id, "restore")).statusCode).toBe(200);
      // Back on the wall with what it had, in the list and in the live event.
      const back = await recorder.waitFor((event) => event.type === "added" && event.item.id === id, "shown");
      recorder.stop();
      expect(back).toMatchObject({ item: { reactions: { heart: 0, fire: 0, lol: 2 }, reactionsVersion: 2 } });
      expect((await reactionsOf(t.app, id, "10.43.0.1"))?.reacted).toEqual(["lol"]);
      const pending = await saveNewDrawing(t.app);
      await t.store.db
        .updateTable("drawings")
        .set({ status: "pending" })
        .where("id", "=", pending.id)
        .execute();
      expect((await react(t.app, pending.id, "heart", "10.43.0.1")).statusCode).toBe(404);
      expect((await adminPost(t.app, id, "delete")).statusCode).toBe(200);
      expect((await react(t.app, id, "heart", "10.43.0.1")).statusCode).toBe(404);
      expect(await rowsOf(pending.id)).toHaveLength(0);
    });

    it("gives wall items their counts and the asking browser's own reactions", async () => {
      const { id } = await saveNewDrawing(t.app);
      await react(t.app, id, "fire", "10.44.0.1");
      await react(t.app, id, "heart", "10.44.0.2");
      const pageFor = async (client: string) =>
        (
          await t.app.inject({
            method: "GET",
            url: "/api/drawings?limit=1",
            remoteAddress: client,
            headers: cookieHeader(client),
          })
        ).json<GalleryPage>().items[0];
      expect(await pageFor("10.44.0.1")).toMatchObject({
        id,
        reactions: { heart: 1, fire: 1, lol: 0 },
        reactionsVersion: 2,
        reacted: ["fire"],
      });
      expect((await pageFor("10.44.0.3"))?.reacted).toEqual([]);
    });

    it("announces a burst of toggles as a few events holding the newest counts, not one event per toggle", async () => {
      const { id } = await saveNewDrawing(t.app);
      const recorder = recordEvents(t.store);
      const clients = Array.from({ length: 30 }, (_, index) => `10.45.0.${index + 1}`);
      await Promise.all(clients.map((client) => react(t.app, id, "heart", client)));
      const final = await recorder.waitFor(
        (event) => event.type === "reactions" && event.changes.some((c) => c.id === id && c.version === 30),
        "the burst's last counts",
      );
      recorder.stop();
      const changes = final.type === "reactions" ? final.changes : [];
      expect(changes.find((change) => change.id === id)).toEqual({
        id,
        reactions: { heart: 30, fire: 0, lol: 0 },
        version: 30,
      });
      const announced = recorder.events.filter((event) => event.type === "reactions");
      // A quarter of a second gathers them: far fewer events than toggles.
      expect(announced.length).toBeLessThanOrEqual(10);
      expect(announced.length).toBeGreaterThanOrEqual(1);
    });
  });
}

describe("reaction rate limit (REACTION_RATE_LIMIT=3 per minute)", () => {
  const t = testAppForBlock("sqlite", {
    moderation: moderation({ reactionRateLimit: 3, reactionRateWindowSeconds: 60 }),
  });

  it("counts every toggle (giving, taking back, repeating) and answers 429 with Retry-After past the limit", async () => {
    const { id } = await saveNewDrawing(t.app);
    expect((await react(t.app, id, "heart", "10.46.0.1")).statusCode).toBe(200);
    expect((await unreact(t.app, id, "heart", "10.46.0.1")).statusCode).toBe(200);
    expect((await unreact(t.app, id, "heart", "10.46.0.1")).statusCode).toBe(200);
    const refused = await react(t.app, id, "fire", "10.46.0.1");
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json<ApiError>()).toMatchObject({ code: "rate_limited" });
    expect(refused.json<ApiError>().message).toMatch(/Too many reactions/);
    expect((await reactionsOf(t.app, id))?.reactions).toEqual({ heart: 0, fire: 0, lol: 0 });
    // Reading is free, and other visitors still react.
    expect(await reactionsOf(t.app, id, "10.46.0.1")).toBeDefined();
    expect((await react(t.app, id, "fire", "10.46.0.2")).statusCode).toBe(200);
  });
});
