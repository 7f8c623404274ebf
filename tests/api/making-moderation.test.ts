import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { SavedDrawing } from "../../src/common/api.ts";
import { testAppForBlock } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { bundleOf, makingOf, saveBundle } from "./helpers/making.ts";
import { ADMIN_TOKEN, adminPost, moderation, report } from "./helpers/moderation.ts";
import { drawingPng } from "./helpers/png.ts";

// Moderators see a drawing's timelapse whatever its status, and can remove the timelapse alone (or the drawing);
// reports of a drawing cover its timelapse (a hidden drawing's log is never served).

const ORIGIN = "http://localhost:80";
let seed = 800;

for (const dialect of testDialects()) {
  describe(`moderating a drawing's making on ${dialect}`, () => {
    const t = testAppForBlock(dialect, { moderation: moderation({ reportThreshold: 2 }) });

    const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const saveWithMaking = async () =>
      (
        await saveBundle(t.app, bundleOf(await drawingPng(600, 600, ++seed), makingOf()))
      ).json<SavedDrawing>();
    const publicMaking = async (id: string) =>
      (await t.app.inject({ method: "GET", url: `/api/drawings/${id}/making` })).statusCode;
    const adminList = async () =>
      (await t.app.inject({ method: "GET", url: "/api/admin/drawings?limit=200", headers: bearer })).json<{
        items: { id: string; makingUrl: string | null }[];
      }>().items;

    it("lists each drawing's making for moderators and serves it whatever the drawing's status", async () => {
      const saved = await saveWithMaking();
      const listed = (await adminList()).find((item) => item.id === saved.id);
      expect(listed?.makingUrl).toBe(`/api/admin/drawings/${saved.id}/making`);
      expect((await adminPost(t.app, saved.id, "hide")).statusCode).toBe(200);
      expect(await publicMaking(saved.id)).toBe(404);
      const forModerators = await t.app.inject({
        method: "GET",
        url: listed?.makingUrl ?? "",
        headers: bearer,
      });
      expect(forModerators.statusCode).toBe(200);
      expect(Buffer.compare(forModerators.rawPayload, Buffer.from(makingOf()))).toBe(0);
      expect(forModerators.headers["cache-control"]).toBe("no-store");
      const anonymous = await t.app.inject({ method: "GET", url: listed?.makingUrl ?? "" });
      expect(anonymous.statusCode).toBe(401);
    });

    it("serves moderators a log saved gzipped: gzip to a client that takes it, plain to one that does not", async () => {
      const making = makingOf();
      const png = await drawingPng(600, 600, ++seed);
      const saved = (await saveBundle(t.app, bundleOf(png, gzipSync(making)))).json<SavedDrawing>();
      const url = `/api/admin/drawings/${saved.id}/making`;
      const gzipped = await t.app.inject({
        method: "GET",
        url,
        headers: { ...bearer, "accept-encoding": "gzip" },
      });
      expect(gzipped.statusCode).toBe(200);
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      expect(Buffer.compare(gunzipSync(gzipped.rawPayload), Buffer.from(making))).toBe(0);
      const plain = await t.app.inject({ method: "GET", url, headers: bearer });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(Buffer.compare(plain.rawPayload, Buffer.from(making))).toBe(0);
    });

    it("removes the timelapse alone through the API: the drawing stays, its making is gone for good", async () => {
      const saved = await saveWithMaking();
      const removed = await t.app.inject({
        method: "DELETE",
        url: `/api/admin/drawings/${saved.id}/making`,
        headers: bearer,
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ id: saved.id, making: false });
      expect(await publicMaking(saved.id)).toBe(404);
      expect((await t.app.inject({ method: "GET", url: saved.url })).statusCode).toBe(200);
      expect((await adminList()).find((item) => item.id === saved.id)?.makingUrl).toBeNull();
      const again = await t.app.inject({
        method: "DELETE",
        url: `/api/admin/drawings/${saved.id}/making`,
        headers: bearer,
      });
      expect(again.statusCode).toBe(404);
      const unauthorised = await t.app.inject({
        method: "DELETE",
        url: `/api/admin/drawings/${saved.id}/making`,
      });
      expect(unauthorised.statusCode).toBe(401);
    });

    it("hides the timelapse with its drawing once reports reach the threshold", async () => {
      const saved = await saveWithMaking();
      expect(await publicMaking(saved.id)).toBe(200);
      await report(t.app, saved.id, "198.51.100.1");
      await report(t.app, saved.id, "198.51.100.2");
      expect(await publicMaking(saved.id)).toBe(404);
    });
  });
}

describe("the admin page's timelapse cell", () => {
  const t = testAppForBlock("sqlite", { moderation: moderation() });

  it("offers Watch and Remove timelapse for a drawing with one, and a same-origin form removes it alone", async () => {
    const withMaking = (
      await saveBundle(t.app, bundleOf(await drawingPng(600, 600, 901), makingOf()))
    ).json<SavedDrawing>();
    const login = await t.app.inject({
      method: "POST",
      url: "/admin/login",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      payload: new URLSearchParams({ token: ADMIN_TOKEN }).toString(),
    });
    const cookie = login.headers["set-cookie"]?.toString().split(";")[0] ?? "";
    const page = await t.app.inject({ method: "GET", url: "/admin", headers: { cookie } });
    expect(page.body).toContain("<th>Timelapse</th>");
    expect(page.body).toContain(`href="/admin/drawings/${withMaking.id}/timelapse">Watch</a>`);
    expect(page.body).toContain(`action="/admin/drawings/${withMaking.id}/remove-timelapse"`);

    const view = await t.app.inject({
      method: "GET",
      url: `/admin/drawings/${withMaking.id}/timelapse`,
      headers: { cookie },
    });
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain(`data-making="/api/admin/drawings/${withMaking.id}/making"`);
    expect(view.body).toContain('data-moderator="true"');
    const signedOut = await t.app.inject({
      method: "GET",
      url: `/admin/drawings/${withMaking.id}/timelapse`,
    });
    expect(signedOut.statusCode).toBe(401);

    const removed = await t.app.inject({
      method: "POST",
      url: `/admin/drawings/${withMaking.id}/remove-timelapse`,
      headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: "filter=newest",
    });
    expect(removed.statusCode).toBe(303);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/drawings/${withMaking.id}/making` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: "GET", url: withMaking.url })).statusCode).toBe(200);
    const noView = await t.app.inject({
      method: "GET",
      url: `/admin/drawings/${withMaking.id}/timelapse`,
      headers: { cookie },
    });
    expect(noView.statusCode).toBe(404);
    const after = await t.app.inject({ method: "GET", url: "/admin", headers: { cookie } });
    expect(after.body).not.toContain(`/admin/drawings/${withMaking.id}/remove-timelapse`);
  });
});
