import { describe, expect, it } from "vitest";
import type { ApiError, GalleryPage, SavedDrawing } from "../../src/common/api.ts";
import { testAppForBlock } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { adminPost, moderation, recordEvents, saveNewDrawing } from "./helpers/moderation.ts";
import { dataUrlBody, drawingPng } from "./helpers/png.ts";

let seed = 900;

for (const dialect of testDialects()) {
  describe(`remixes on ${dialect}`, () => {
    const t = testAppForBlock(dialect, { moderation: moderation() });

    /** Saves a remix as the page does: the PNG's bytes, with ?remixOf=. */
    const saveRemix = async (remixOf: string, query = `?remixOf=${remixOf}`) => {
      seed += 1;
      const answer = await t.app.inject({
        method: "POST",
        url: `/api/drawings${query}`,
        headers: { "content-type": "image/png" },
        payload: await drawingPng(600, 600, seed),
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<SavedDrawing>();
    };
    const page = async (id: string) => (await t.app.inject({ method: "GET", url: `/d/${id}` })).body;
    const remixesOf = (id: string) => t.app.inject({ method: "GET", url: `/api/drawings?remixOf=${id}` });
    const itemOf = async (id: string) =>
      (await t.app.inject({ method: "GET", url: "/api/drawings?limit=60" }))
        .json<GalleryPage>()
        .items.find((item) => item.id === id);

    it("links a remix to its original and the original to its remixes, on the pages, the wall and the API", async () => {
      const original = await saveNewDrawing(t.app);
      const recorder = recordEvents(t.store);
      const remix = await saveRemix(original.id);
      const live = await recorder.waitFor((e) => e.type === "added" && e.item.id === remix.id, "the remix");
      recorder.stop();
      expect(live).toMatchObject({ item: { remixOf: original.id } });
      expect(await page(remix.id)).toContain(`Remix of <a href="/d/${original.id}">`);
      const originalPage = await page(original.id);
      expect(originalPage).toContain("1 remix<");
      expect(originalPage).toContain(`href="/d/${remix.id}"`);
      expect(originalPage).toContain(`href="/?remix=${original.id}"`);
      expect((await itemOf(remix.id))?.remixOf).toBe(original.id);
      const second = await saveRemix(original.id);
      const listed = (await remixesOf(original.id)).json<GalleryPage>();
      expect(listed.items.map((item) => item.id)).toEqual([second.id, remix.id]);
      expect(await page(original.id)).toContain("2 remixes<");
    });

    it("hides the link, never the remix, while the original is hidden, and brings it back on restore", async () => {
      const original = await saveNewDrawing(t.app);
      const remix = await saveRemix(original.id);
      expect((await adminPost(t.app, original.id, "hide")).statusCode).toBe(200);
      expect(await page(remix.id)).not.toContain("Remix of");
      expect(await itemOf(remix.id)).toMatchObject({ id: remix.id, remixOf: null });
      expect((await remixesOf(original.id)).statusCode).toBe(404);
      // A remix saved now of the hidden original keeps no link, even after the original comes back.
      const late = await saveRemix(original.id);
      expect((await adminPost(t.app, original.id, "restore")).statusCode).toBe(200);
      expect(await page(remix.id)).toContain(`Remix of <a href="/d/${original.id}">`);
      expect((await itemOf(late.id))?.remixOf).toBeNull();
      expect((await remixesOf(original.id)).json<GalleryPage>().items.map((item) => item.id)).toEqual([
        remix.id,
      ]);
      expect((await adminPost(t.app, original.id, "delete")).statusCode).toBe(200);
      expect(await page(remix.id)).not.toContain("Remix of");
      expect((await t.app.inject({ method: "GET", url: `/d/${remix.id}` })).statusCode).toBe(200);
      // Moderators still see where it came from.
      const admin = await t.app.inject({
        method: "GET",
        url: "/api/admin/drawings?limit=200",
        headers: { authorization: "Bearer test-admin-token-0123456789" },
      });
      const listed = admin.json<{ items: { id: string; remixOf: string | null }[] }>().items;
      expect(listed.find((item) => item.id === remix.id)?.remixOf).toBe(original.id);
    });

    it("takes remixOf in the JSON upload and the Supabase-compatible insert; refuses one that is no id", async () => {
      const original = await saveNewDrawing(t.app);
      seed += 1;
      const json = await t.app.inject({
        method: "POST",
        url: "/api/drawings",
        headers: { "content-type": "application/json" },
        payload: { ...dataUrlBody(await drawingPng(600, 600, seed)), remixOf: original.id },
      });
      expect(json.statusCode).toBe(201);
      seed += 1;
      const rest = await t.app.inject({
        method: "POST",
        url: "/rest/v1/drawings?select=id,remix_of",
        headers: { "content-type": "application/json", prefer: "return=representation" },
        payload: [{ ...dataUrlBody(await drawingPng(600, 600, seed)), remix_of: original.id }],
      });
      expect(rest.statusCode).toBe(201);
      const [row] = rest.json<{ id: string; remix_of: string | null }[]>();
      expect(row?.remix_of).toBe(original.id);
      const ids = (await remixesOf(original.id)).json<GalleryPage>().items.map((item) => item.id);
      expect(ids).toEqual([row?.id, json.json<SavedDrawing>().id]);
      // An id no drawing on the wall has is simply not kept; one that is no id is refused.
      const unknown = await saveRemix("AAAAAAAAAAAA");
      expect((await itemOf(unknown.id))?.remixOf).toBeNull();
      const before = await t.count();
      const bad = await t.app.inject({
        method: "POST",
        url: "/api/drawings?remixOf=..%2Fx",
        headers: { "content-type": "image/png" },
        payload: await drawingPng(600, 600, 1),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ApiError>().code).toBe("bad_remix_of");
      const badRest = await t.app.inject({
        method: "POST",
        url: "/rest/v1/drawings",
        headers: { "content-type": "application/json" },
        payload: { ...dataUrlBody(await drawingPng(600, 600, 2)), remix_of: 5 },
      });
      expect(badRest.statusCode).toBe(400);
      expect(badRest.json()).toMatchObject({ code: "22023", details: "fanvas:bad_remix_of" });
      expect(await t.count()).toBe(before);
    });
  });
}
