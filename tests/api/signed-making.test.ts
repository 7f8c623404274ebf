import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GalleryPage, SavedDrawing } from "../../src/common/api.ts";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import { startTestApp, type TestApp } from "./helpers/app.ts";
import { adminCall, visitorCookie, wallPage } from "./helpers/credit.ts";
import { testDialects } from "./helpers/dialects.ts";
import { bundleOf, makingOf } from "./helpers/making.ts";
import { moderation } from "./helpers/moderation.ts";
import { drawingPng } from "./helpers/png.ts";

// One save carries its name, its prompt entry and its making (the save bundle with the claims in its query):
// all three reach the row and everything that shows it, and a retry of the same key finds the same drawing.

const HOUR = 3_600_000;
const PROMPT = "fred-at-the-pool";
let seed = 9100;

for (const dialect of testDialects()) {
  describe(`a signed entry saved with its making, on ${dialect}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      const now = Date.now();
      t = await startTestApp(dialect, {
        moderation: moderation(),
        branding: {
          ...DEFAULT_BRANDING,
          prompts: [
            {
              title: "Fred at the pool",
              hashtag: "#FredAtThePool",
              starts: new Date(now - HOUR).toISOString(),
              ends: new Date(now + 24 * HOUR).toISOString(),
            },
          ],
        },
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    /** A new picture's save bundle, with its making. */
    const newBundle = async () => {
      seed += 1;
      return bundleOf(await drawingPng(600, 600, seed), makingOf());
    };
    /** POSTs a save bundle (a new one unless given) with `query` as its claims, under `key`. */
    const saveBundleWith = async (query: string, key: string, body?: Buffer) => {
      return t.app.inject({
        method: "POST",
        url: `/api/drawings?${query}`,
        headers: {
          "content-type": "application/vnd.fanvas.save-bundle",
          "idempotency-key": key,
        },
        payload: body ?? (await newBundle()),
      });
    };

    it("stores the name, the entry and the making in one row, and answers a retry with the same drawing", async () => {
      const query = `name=${encodeURIComponent("@pool_fan")}&prompt=${PROMPT}`;
      const body = await newBundle();
      const answer = await saveBundleWith(query, "signed-making-1", body);
      expect(answer.statusCode).toBe(201);
      const saved = answer.json<SavedDrawing>();
      expect(saved).toMatchObject({ name: "@pool_fan", prompt: PROMPT, status: "visible" });
      const row = await t.store.db
        .selectFrom("drawings")
        .select(["credit_name", "prompt_id", "saver_hash", "making", "making_sha256"])
        .where("id", "=", saved.id)
        .executeTakeFirstOrThrow();
      expect(row.credit_name).toBe("@pool_fan");
      expect(row.prompt_id).toBe(PROMPT);
      expect(row.saver_hash).not.toBeNull();
      expect(row.making).not.toBeNull();
      expect(row.making_sha256).toMatch(/^[0-9a-f]{64}$/);

      const retry = await saveBundleWith(query, "signed-making-1", body);
      expect(retry.statusCode).toBe(200);
      expect(retry.json<SavedDrawing>()).toMatchObject({ id: saved.id, name: "@pool_fan", prompt: PROMPT });
      const making = await t.app.inject({ method: "GET", url: `/api/drawings/${saved.id}/making` });
      expect(making.statusCode).toBe(200);
    });

    it("shows all three on the wall, the prompt's tab, the name's list, the permalink and the admin list", async () => {
      const first = await saveBundleWith(`name=Pool%20Painter&prompt=${PROMPT}`, "signed-making-2");
      expect(first.statusCode).toBe(201);
      const saved = first.json<SavedDrawing>();
      const cookie = visitorCookie(first);
      const expected = { id: saved.id, name: "Pool Painter", prompt: PROMPT, making: true };
      for (const query of ["limit=60", `prompt=${PROMPT}`, "name=pool%20painter", "mine=true"]) {
        const page: GalleryPage = await wallPage(t.app, query, cookie);
        expect(
          page.items.find((item) => item.id === saved.id),
          query,
        ).toMatchObject(expected);
      }

      const permalink = await t.app.inject({ method: "GET", url: `/d/${saved.id}` });
      expect(permalink.statusCode).toBe(200);
      expect(permalink.body).toContain("by <a href=");
      expect(permalink.body).toContain("Fred at the pool");
      expect(permalink.body).toContain("Play timelapse");
      // The video's post, like Share on X's, carries the name and the prompt's hashtag.
      const post = /data-post="([^"]*)"/.exec(permalink.body)?.[1] ?? "";
      expect(post).toContain("— by Pool Painter");
      expect(post).toContain("#FredAtThePool");

      const admin = await adminCall(t.app, "GET", "/api/admin/drawings?filter=newest");
      const listed = admin
        .json<{ items: { id: string; name: string | null; makingUrl: string | null }[] }>()
        .items.find((item) => item.id === saved.id);
      expect(listed).toMatchObject({
        name: "Pool Painter",
        makingUrl: `/api/admin/drawings/${saved.id}/making`,
      });
    });

    it("keeps the making when a moderator removes the name, and the name when the timelapse is removed", async () => {
      const saved = (
        await saveBundleWith(`name=${encodeURIComponent("@both_ways")}&prompt=${PROMPT}`, "signed-making-3")
      ).json<SavedDrawing>();
      expect((await adminCall(t.app, "POST", `/api/admin/drawings/${saved.id}/remove-name`)).statusCode).toBe(
        200,
      );
      let item = (await wallPage(t.app, `prompt=${PROMPT}`)).items.find((each) => each.id === saved.id);
      expect(item).toMatchObject({ name: null, prompt: PROMPT, making: true });

      const signed = (
        await saveBundleWith(`name=${encodeURIComponent("@keeps_name")}`, "signed-making-4")
      ).json<SavedDrawing>();
      expect((await adminCall(t.app, "DELETE", `/api/admin/drawings/${signed.id}/making`)).statusCode).toBe(
        200,
      );
      item = (await wallPage(t.app, "limit=60")).items.find((each) => each.id === signed.id);
      expect(item).toMatchObject({ name: "@keeps_name", making: false });
    });
  });
}
