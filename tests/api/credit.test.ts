import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError, GalleryItem, SavedDrawing } from "../../src/common/api.ts";
import { MAX_NAME_CHARACTERS } from "../../src/common/credit.ts";
import { startTestApp, type TestApp } from "./helpers/app.ts";
import { saveSigned, stored, visitorCookie, wallPage } from "./helpers/credit.ts";
import { testDialects } from "./helpers/dialects.ts";
import { adminPost, moderation } from "./helpers/moderation.ts";
import { walkWall } from "./helpers/reactions.ts";

// A save may be signed with a name (a display name or an X handle) that goes through the text rules of
// common/text-rules.ts on the server whatever the page checked; it shows on the wall's items, has a page of its
// own (GET /api/drawings?name=, /by/<name>), and the browser that saved a drawing sees it as its own.

/** A link to a drawing's page in HTML. */
const DRAWING_LINK = /href="\/d\/([A-Za-z0-9_-]{12})"/g;

for (const dialect of testDialects()) {
  describe(`names on drawings, on ${dialect}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect, { moderation: moderation() });
    });
    afterAll(async () => t?.close());

    it("keeps a display name or an X handle, tidied, in the answer, the wall and the drawing's page, from the query or a JSON body", async () => {
      const handle = await stored(t.app, { name: "@fred_art" });
      expect(handle).toMatchObject({ name: "@fred_art", prompt: null });
      const display = await stored(t.app, { name: "  Zoe\u0308   the\tFrog ", json: true });
      expect(display.name).toBe("Zoë the Frog");
      const unsigned = await stored(t.app);
      expect(unsigned.name).toBeNull();
      const items = (await wallPage(t.app, "limit=10")).items;
      const nameOf = (id: string) => items.find((item) => item.id === id)?.name;
      expect([nameOf(handle.id), nameOf(display.id), nameOf(unsigned.id)]).toEqual([
        "@fred_art",
        "Zoë the Frog",
        null,
      ]);
      const page = await t.app.inject({ method: "GET", url: `/d/${handle.id}` });
      expect(page.body).toContain('content="A drawing by @fred_art on Draw Fred');
      expect(page.body).toContain('href="https://x.com/fred_art"');
      expect(page.body).toContain('href="/by/%40fred_art"');
      // The post Share on X opens names the artist.
      const intent = page.body.match(/href="(https:\/\/x\.com\/intent\/tweet\?[^"]+)"/)?.[1] ?? "";
      expect(new URL(intent.replaceAll("&amp;", "&")).searchParams.get("text")).toContain("— by @fred_art");
    });

    it("strips NUL, and refuses hostile names with a 400 that says why, storing nothing", async () => {
      expect((await stored(t.app, { name: "Fr\0ed", json: true })).name).toBe("Fred");
      const before = await t.count();
      const hostile: [string, RegExp][] = [
        ["evil\u202Egnp.exe", /direction.*U\+202E/],
        ["\u2066Fred\u2069", /direction/],
        ["Fr\u200Bed", /invisible.*U\+200B/],
        ["Fr\u200Ded", /invisible/],
        ["Fred\u0007", /control/],
        ["a".repeat(MAX_NAME_CHARACTERS + 1), /at most 50 characters/],
        ["a".repeat(10_000), /at most 50 characters/],
        ["\u202E".repeat(10_000), /at most 50 characters/],
        ["@fred-art", /X handle/],
        ["@a234567890123456", /X handle/],
        ["@TwitterFan", /Twitter/],
      ];
      for (const [name, problem] of hostile) {
        for (const json of [false, true]) {
          // The query string carries at most what a URL does: the 10,000-character names go in the JSON body.
          if (!json && name.length > 1000) continue;
          const answer = await saveSigned(t.app, { name, json });
          expect(answer.statusCode, JSON.stringify(name.slice(0, 20))).toBe(400);
          expect(answer.json<ApiError>().code).toBe("bad_name");
          expect(answer.json<ApiError>().message).toMatch(problem);
        }
      }
      expect(await t.count()).toBe(before);
    });

    it("lists a name's drawings newest first in pages, whatever the name's case or width, and only visible ones", async () => {
      const mine: SavedDrawing[] = [];
      for (let index = 0; index < 11; index += 1) {
        // Full-width letters are no X handle (a display name), but the same name to a reader and to its page.
        const spelling = ["@PagedPal", "@pagedpal", "＠ＰａｇｅｄＰａｌ"][index % 3] ?? "@pagedpal";
        mine.push(await stored(t.app, { name: spelling }));
        if (index === 4) await stored(t.app, { name: "@someone_else" });
      }
      const hidden = mine.splice(6, 1)[0]?.id ?? "";
      expect((await adminPost(t.app, hidden, "hide")).statusCode).toBe(200);
      const listed = await walkWall(t.app, "name=%40PAGEDPAL", 4);
      expect(listed.map((item) => item.id)).toEqual(mine.map((drawing) => drawing.id).reverse());
      expect(new Set(listed.map((item) => item.name))).toEqual(
        new Set(["@PagedPal", "@pagedpal", "＠ＰａｇｅｄＰａｌ"]),
      );
      expect((await wallPage(t.app, "name=%40nobody_here")).items).toEqual([]);
      const bad = await t.app.inject({
        method: "GET",
        url: `/api/drawings?name=${encodeURIComponent("x\u202E")}`,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ApiError>().code).toBe("bad_name");
      const mixed = await t.app.inject({ method: "GET", url: "/api/drawings?name=%40pagedpal&sort=top" });
      expect(mixed.json<ApiError>().code).toBe("bad_query");
    });

    it("serves /by/<name> as a page of 24 with a link to the older ones, and a 404 page for a name on nothing", async () => {
      const ids: string[] = [];
      for (let index = 0; index < 26; index += 1) ids.push((await stored(t.app, { name: "Page Turner" })).id);
      const first = await t.app.inject({
        method: "GET",
        url: "/by/page%20turner",
        headers: { accept: "text/html" },
      });
      expect(first.statusCode).toBe(200);
      expect(first.headers["content-type"]).toMatch(/text\/html/);
      expect(first.body).toContain('Drawings signed <span class="name-page__name">Page Turner</span>');
      expect(first.body).toContain("A name is a claim, not an identity");
      const onFirst = [...first.body.matchAll(DRAWING_LINK)].map((match) => match[1]);
      expect(onFirst).toEqual(ids.toReversed().slice(0, 24));
      const older = first.body.match(/href="(\/by\/Page%20Turner\?before=[^"]+)" rel="next"/)?.[1];
      if (older === undefined) throw new Error("no link to the older page");
      const second = await t.app.inject({ method: "GET", url: older.replaceAll("&amp;", "&") });
      expect([...second.body.matchAll(DRAWING_LINK)].map((match) => match[1])).toEqual(
        ids.toReversed().slice(24),
      );
      expect(second.body).not.toContain('rel="next"');
      for (const url of ["/by/nobody", "/by/%E2%80%AEevil", "/by/page%20turner?before=forged"]) {
        const missing = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
        expect(missing.statusCode, url).toBe(404);
        expect(missing.body, url).toContain("Name not found");
      }
    });

    it("gives a saving browser its visitor id, and shows that browser its own drawings (mine=true) and marks them", async () => {
      const first = await saveSigned(t.app);
      const cookie = visitorCookie(first);
      expect(first.headers["set-cookie"]).toMatch(/HttpOnly/i);
      const second = await stored(t.app, { cookie, name: "Own" });
      // A save that presents its id gets no new one.
      expect((await saveSigned(t.app, { cookie })).headers["set-cookie"]).toBeUndefined();
      const other = visitorCookie(await saveSigned(t.app));
      const yours = await wallPage(t.app, "mine=true&limit=10", cookie);
      expect(yours.items.map((item) => item.id).slice(1)).toEqual([second.id, first.json<SavedDrawing>().id]);
      expect(yours.items.every((item) => item.mine === true)).toBe(true);
      expect((await wallPage(t.app, "mine=true", other)).items).toHaveLength(1);
      expect((await wallPage(t.app, "mine=true")).items).toEqual([]);
      const wall = (await wallPage(t.app, "limit=60", cookie)).items;
      const marked = (id: string) => wall.find((item: GalleryItem) => item.id === id)?.mine;
      expect(marked(second.id)).toBe(true);
      expect(wall.filter((item) => item.mine).length).toBe(3);
    });
  });
}
