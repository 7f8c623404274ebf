import { describe, expect, it } from "vitest";
import type { ApiError } from "../../src/common/api.ts";
import { openForBlock } from "../helpers/per-block.ts";
import { listeningAppForBlock } from "./helpers/app.ts";
import { adminCall, stored, wallPage } from "./helpers/credit.ts";
import { testDialects } from "./helpers/dialects.ts";
import { moderation } from "./helpers/moderation.ts";
import { openEventStream } from "./helpers/sse.ts";

// A name is a claim, not an identity: moderators take a name off a drawing (the drawing stays) or block a name
// everywhere; a removed or blocked name never shows (wall, permalink, name page, live), and open pages hear of
// it at once.

for (const dialect of testDialects()) {
  describe(`moderating names, on ${dialect}`, () => {
    const t = listeningAppForBlock(dialect, { moderation: moderation() });
    const stream = openForBlock(() => openEventStream(`http://127.0.0.1:${t.port}/api/events`));

    const nameOn = async (id: string) =>
      (await wallPage(t.app, "limit=60")).items.find((item) => item.id === id)?.name;
    const permalink = async (id: string) => (await t.app.inject({ method: "GET", url: `/d/${id}` })).body;

    it("takes a name off one drawing: the drawing stays, the name leaves the wall, its page and open pages at once", async () => {
      const signed = await stored(t.app, { name: "@rude_name" });
      const other = await stored(t.app, { name: "@rude_name" });
      expect(await permalink(signed.id)).toContain("by <a");
      const removed = await adminCall(t.app, "POST", `/api/admin/drawings/${signed.id}/remove-name`);
      expect(removed.json()).toEqual({ id: signed.id, removed: "@rude_name" });
      await stream.waitFor(
        (message) =>
          message.event === "credit" && message.data === JSON.stringify({ id: signed.id, name: null }),
        "the credit event",
      );
      expect(await nameOn(signed.id)).toBeNull();
      expect(await nameOn(other.id)).toBe("@rude_name");
      expect(await permalink(signed.id)).not.toContain("rude_name");
      expect((await wallPage(t.app, "name=%40rude_name")).items.map((item) => item.id)).toEqual([other.id]);
      // Again: nothing to remove, nothing told; an unknown drawing is a 404.
      expect((await adminCall(t.app, "POST", `/api/admin/drawings/${signed.id}/remove-name`)).json()).toEqual(
        {
          id: signed.id,
          removed: null,
        },
      );
      expect(
        (await adminCall(t.app, "POST", "/api/admin/drawings/nosuchdrawin/remove-name")).statusCode,
      ).toBe(404);
      const unauthorized = await t.app.inject({
        method: "POST",
        url: `/api/admin/drawings/${other.id}/remove-name`,
      });
      expect(unauthorized.statusCode).toBe(401);
    });

    it("blocks a name in every spelling: it shows nowhere, its page is gone, later saves are stored without it; unblocking brings it back", async () => {
      const before = [await stored(t.app, { name: "Spam Bot" }), await stored(t.app, { name: "spam  bot" })];
      const blocked = await adminCall(t.app, "POST", "/api/admin/names/block", { name: "SPAM BOT" });
      expect(blocked.json()).toEqual({ name: "SPAM BOT", key: "spam bot", blocked: true, changed: true });
      await stream.waitFor(
        (message) => message.event === "name-blocked" && message.data === JSON.stringify({ key: "spam bot" }),
        "the name-blocked event",
      );
      for (const drawing of before) {
        expect(await nameOn(drawing.id)).toBeNull();
        expect(await permalink(drawing.id)).not.toMatch(/spam/i);
      }
      expect((await wallPage(t.app, "name=Spam%20Bot")).items).toEqual([]);
      expect((await t.app.inject({ method: "GET", url: "/by/Spam%20Bot" })).statusCode).toBe(404);
      const after = await stored(t.app, { name: "Spam Bot" });
      expect(after.name).toBeNull();
      expect(await nameOn(after.id)).toBeNull();
      const list = await adminCall(t.app, "GET", "/api/admin/names");
      expect(list.json<{ items: { key: string; name: string }[] }>().items).toMatchObject([
        { key: "spam bot", name: "SPAM BOT" },
      ]);
      // Blocking again changes nothing.
      expect(
        (await adminCall(t.app, "POST", "/api/admin/names/block", { name: "spam bot" })).json(),
      ).toMatchObject({
        changed: false,
      });
      const lifted = await adminCall(t.app, "POST", "/api/admin/names/unblock", { name: "Spam Bot" });
      expect(lifted.json()).toMatchObject({ blocked: false, changed: true });
      expect(await nameOn(before[0]?.id ?? "")).toBe("Spam Bot");
      // The save made while it was blocked was stored without it, and stays so.
      expect(await nameOn(after.id)).toBeNull();
    });

    it("refuses a block of an empty or hostile name with a 400, and every name route without the token", async () => {
      for (const name of ["", "   ", "x\u202Ey"]) {
        const answer = await adminCall(t.app, "POST", "/api/admin/names/block", { name });
        expect(answer.statusCode, name).toBe(400);
        expect(answer.json<ApiError>().code).toBe("bad_name");
      }
      for (const url of ["/api/admin/names/block", "/api/admin/names/unblock"]) {
        const answer = await t.app.inject({
          method: "POST",
          url,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ name: "x" }),
        });
        expect(answer.statusCode, url).toBe(401);
      }
      expect((await t.app.inject({ method: "GET", url: "/api/admin/names" })).statusCode).toBe(401);
    });

    it("lists every drawing's name to moderators, a blocked one too", async () => {
      const signed = await stored(t.app, { name: "Listed Name" });
      const list = await adminCall(t.app, "GET", "/api/admin/drawings?limit=5");
      const row = list
        .json<{ items: { id: string; name: string | null }[] }>()
        .items.find((item) => item.id === signed.id);
      expect(row?.name).toBe("Listed Name");
    });
  });
}
