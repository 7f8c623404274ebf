import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { ApiError, PromptsAnswer } from "../../src/common/api.ts";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import { promptRunningAt } from "../../src/server/prompts/prompt-queries.ts";
import { openForBlock } from "../helpers/per-block.ts";
import { listeningAppForBlock, type TestApp } from "./helpers/app.ts";
import { adminCall, stored, wallPage } from "./helpers/credit.ts";
import { testDialects } from "./helpers/dialects.ts";
import { moderation } from "./helpers/moderation.ts";
import { walkWall } from "./helpers/reactions.ts";
import { openEventStream } from "./helpers/sse.ts";

// Prompts: the operator's themes with dates (the branding file or /admin). A save enters the running one only;
// the wall lists a prompt's entries newest first and by reactions; when it ends its top three are marked.

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Sets a drawing's reactions straight in the store (the ranking reads the counters). */
async function setCount(t: TestApp, id: string, count: number): Promise<void> {
  await t.store.db
    .updateTable("drawings")
    .set({ heart_count: count, reaction_count: count, reactions_version: count })
    .where("id", "=", id)
    .execute();
}

const prompts = async (t: TestApp) =>
  (await t.app.inject({ method: "GET", url: "/api/prompts" })).json<PromptsAnswer>().prompts;

for (const dialect of testDialects()) {
  describe(`prompts, on ${dialect}`, () => {
    const t = listeningAppForBlock(dialect, {
      moderation: moderation(),
      branding: {
        ...DEFAULT_BRANDING,
        prompts: [
          // Days in New York: the week of 23 Nov runs from 05:00 UTC on the 23rd to 05:00 UTC on the 30th.
          {
            title: "Fred in New York",
            starts: "2025-11-23",
            ends: "2025-11-29",
            timeZone: "America/New_York",
          },
          {
            title: "Fred in Tokyo",
            starts: "2025-10-01T09:00:00+09:00",
            ends: "2025-10-02T09:00:00+09:00",
          },
        ],
      },
    });
    const stream = openForBlock(() => openEventStream(`http://127.0.0.1:${t.port}/api/events`));

    it("reads the branding file's dates in their time zone or offset, and lists ended prompts as ended", async () => {
      const listed = await prompts(t);
      expect(listed.find((prompt) => prompt.id === "fred-in-new-york")).toMatchObject({
        startsAt: "2025-11-23T05:00:00.000Z",
        endsAt: "2025-11-30T05:00:00.000Z",
        phase: "ended",
        lastDay: "29 Nov",
        winners: [],
      });
      expect(listed.find((prompt) => prompt.id === "fred-in-tokyo")).toMatchObject({
        startsAt: "2025-10-01T00:00:00.000Z",
        endsAt: "2025-10-02T00:00:00.000Z",
      });
    });

    it("runs a prompt from its start (included) to its end (not), by the store's own comparison", async () => {
      const [prompt] = (await prompts(t)).filter((candidate) => candidate.id === "fred-in-new-york");
      if (prompt === undefined) throw new Error("no prompt");
      const start = Date.parse(prompt.startsAt);
      const end = Date.parse(prompt.endsAt);
      const running = (at: number) => promptRunningAt(t.store.db, prompt.id, new Date(at));
      expect([
        await running(start - 1),
        await running(start),
        await running(end - 1),
        await running(end),
      ]).toEqual([false, true, true, false]);
      expect(await promptRunningAt(t.store.db, "no-such-prompt", new Date(start))).toBe(false);
    });

    it("enters a save in the running prompt only: before it starts and after it ends the drawing is stored, not entered", async () => {
      const now = Date.now();
      const upcoming = await adminCall(t.app, "POST", "/api/admin/prompts", {
        title: "Not yet",
        starts: iso(now + 10 * 24 * HOUR),
        ends: iso(now + 11 * 24 * HOUR),
      });
      expect(upcoming.statusCode).toBe(201);
      const early = await stored(t.app, { prompt: "not-yet" });
      expect(early.prompt).toBeNull();
      const late = await stored(t.app, { prompt: "fred-in-new-york" });
      expect(late.prompt).toBeNull();
      expect((await stored(t.app, { prompt: "no-such-prompt" })).prompt).toBeNull();
      // An upcoming prompt has no tab yet.
      expect((await prompts(t)).map((prompt) => prompt.id)).not.toContain("not-yet");
      const malformed = await t.app.inject({
        method: "POST",
        url: "/api/drawings?prompt=Not%20An%20Id",
        headers: { "content-type": "image/png" },
        payload: Buffer.from("x"),
      });
      expect(malformed.json<ApiError>().code).toBe("bad_prompt");
      expect((await adminCall(t.app, "DELETE", "/api/admin/prompts/not-yet")).statusCode).toBe(200);
    });

    it("lists a running prompt's entries newest first and by reactions, and marks its top three when it ends", async () => {
      const now = Date.now();
      const created = await adminCall(t.app, "POST", "/api/admin/prompts", {
        title: "Fred at the beach",
        hashtag: "#FredAtTheBeach",
        starts: iso(now - HOUR),
        ends: iso(now + 24 * HOUR),
      });
      expect(created.statusCode).toBe(201);
      await stream.waitFor((message) => message.event === "prompts", "the prompts event");
      expect((await prompts(t))[0]).toMatchObject({ id: "fred-at-the-beach", phase: "running", winners: [] });
      const counts = [3, 0, 7, 5, 7, 1, 2];
      const entries = [];
      for (const count of counts) {
        const entry = await stored(t.app, {
          prompt: "fred-at-the-beach",
          name: "@beach_fan",
          json: count > 4,
        });
        expect(entry.prompt).toBe("fred-at-the-beach");
        await setCount(t, entry.id, count);
        entries.push({ id: entry.id, count });
        await stored(t.app);
      }
      const newest = await walkWall(t.app, "prompt=fred-at-the-beach", 3);
      expect(newest.map((item) => item.id)).toEqual(entries.map((entry) => entry.id).reverse());
      expect(newest.every((item) => item.prompt === "fred-at-the-beach" && item.place === null)).toBe(true);
      // Its Top: most reactions, then newest (the later of the two 7s first).
      const top = await walkWall(t.app, "prompt=fred-at-the-beach&sort=top", 2);
      const ranked = entries
        .map((entry, index) => ({ ...entry, index }))
        .sort((a, b) => b.count - a.count || b.index - a.index);
      expect(top.map((item) => item.id)).toEqual(ranked.map((entry) => entry.id));
      const mixed = await t.app.inject({
        method: "GET",
        url: "/api/drawings?prompt=fred-at-the-beach&sort=top&window=week",
      });
      expect(mixed.json<ApiError>().code).toBe("bad_query");

      // The operator ends it now (its end moved into the past): the top three are marked at once, and told.
      const ended = await adminCall(t.app, "PUT", "/api/admin/prompts/fred-at-the-beach", {
        title: "Fred at the beach",
        hashtag: "#FredAtTheBeach",
        starts: iso(now - HOUR),
        ends: iso(Date.now() - 1000),
      });
      expect(ended.statusCode).toBe(200);
      const winners = ranked.slice(0, 3).map((entry) => entry.id);
      const summary = (await prompts(t)).find((prompt) => prompt.id === "fred-at-the-beach");
      expect(summary).toMatchObject({ phase: "ended", winners });
      const cards = await wallPage(t.app, "prompt=fred-at-the-beach&sort=top&limit=10");
      expect(cards.items.map((item) => item.place)).toEqual([1, 2, 3, null, null, null, null]);
      const page = (await t.app.inject({ method: "GET", url: `/d/${winners[0]}` })).body;
      expect(page).toContain(
        '<span class="permalink__place">1st</span> in <a href="/#prompt=fred-at-the-beach">Fred at the beach</a>',
      );
      expect(page).toContain("#FredAtTheBeach");
      // Reactions after the end move the Top, never the places.
      await setCount(t, entries[1]?.id ?? "", 50);
      expect((await prompts(t)).find((prompt) => prompt.id === "fred-at-the-beach")?.winners).toEqual(
        winners,
      );
      // Moved later again, it runs again: the marks are taken off until it ends.
      const reopened = await adminCall(t.app, "PUT", "/api/admin/prompts/fred-at-the-beach", {
        title: "Fred at the beach",
        starts: iso(now - HOUR),
        ends: iso(now + 24 * HOUR),
      });
      expect(reopened.statusCode).toBe(200);
      expect((await prompts(t))[0]).toMatchObject({ phase: "running", winners: [], hashtag: null });
      expect(
        (await wallPage(t.app, "prompt=fred-at-the-beach&limit=10")).items.every(
          (item) => item.place === null,
        ),
      ).toBe(true);
    });

    it("ends a prompt by the clock: at its end the board marks its top three and tells open pages", async () => {
      expect((await adminCall(t.app, "DELETE", "/api/admin/prompts/fred-at-the-beach")).statusCode).toBe(200);
      // A stream of its own hears only what happens from now on: the add, then the end.
      const { port } = t.app.server.address() as AddressInfo;
      const own = await openEventStream(`http://127.0.0.1:${port}/api/events`);
      const told = (count: number, what: string) =>
        own.waitFor(
          (message) =>
            message.event === "prompts" &&
            own.messages().filter((m) => m.event === "prompts").length >= count,
          what,
        );
      try {
        await own.waitFor((message) => message.comments.includes("connected"), "the stream to open");
        const now = Date.now();
        const created = await adminCall(t.app, "POST", "/api/admin/prompts", {
          title: "Quick one",
          starts: iso(now - HOUR),
          ends: iso(now + 4000),
        });
        expect(created.statusCode).toBe(201);
        await told(1, "the add");
        const entry = await stored(t.app, { prompt: "quick-one" });
        await setCount(t, entry.id, 4);
        // The second is the board's own, at the end: no request makes it happen.
        await told(2, "the prompt's end");
        expect((await prompts(t)).find((prompt) => prompt.id === "quick-one")).toMatchObject({
          phase: "ended",
          winners: [entry.id],
        });
      } finally {
        own.close();
      }
    });

    it("refuses overlapping, malformed and duplicate prompts with what to change, and deletes one keeping its entries", async () => {
      const now = Date.now();
      const base = { title: "Week one", starts: iso(now + 30 * 24 * HOUR), ends: iso(now + 37 * 24 * HOUR) };
      expect((await adminCall(t.app, "POST", "/api/admin/prompts", base)).statusCode).toBe(201);
      const overlap = await adminCall(t.app, "POST", "/api/admin/prompts", {
        ...base,
        title: "Week one and a half",
        starts: iso(now + 33 * 24 * HOUR),
        ends: iso(now + 40 * 24 * HOUR),
      });
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json<ApiError>()).toMatchObject({
        code: "prompts_overlap",
        message: expect.stringMatching(/Week one/),
      });
      const duplicate = await adminCall(t.app, "POST", "/api/admin/prompts", {
        ...base,
        starts: iso(now + 50 * 24 * HOUR),
        ends: iso(now + 51 * 24 * HOUR),
      });
      expect(duplicate.json<ApiError>().code).toBe("prompt_exists");
      for (const [body, problem] of [
        [{ ...base, title: " " }, /title/],
        [{ ...base, title: "Evil\u202Eeno" }, /direction/],
        [{ ...base, hashtag: "no hash" }, /hashtag/],
        [{ ...base, timeZone: "Mars/Olympus" }, /timeZone/],
        [{ ...base, starts: "tomorrow" }, /starts/],
        [{ ...base, ends: base.starts }, /after/],
        [{ ...base, id: "Bad Id" }, /id/],
      ] as const) {
        const answer = await adminCall(t.app, "POST", "/api/admin/prompts", body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        expect(answer.json<ApiError>().message).toMatch(problem);
      }
      const entry = await stored(t.app, { prompt: "quick-one" });
      expect(entry.prompt).toBeNull();
      expect((await adminCall(t.app, "DELETE", "/api/admin/prompts/quick-one")).statusCode).toBe(200);
      expect((await adminCall(t.app, "DELETE", "/api/admin/prompts/quick-one")).statusCode).toBe(404);
      expect((await prompts(t)).map((prompt) => prompt.id)).not.toContain("quick-one");
      const wall = (await wallPage(t.app, "limit=60")).items;
      expect(wall.some((item) => item.prompt === "quick-one")).toBe(false);
      expect((await t.app.inject({ method: "GET", url: "/api/admin/prompts" })).statusCode).toBe(401);
    });
  });
}
