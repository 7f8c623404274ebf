import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "../../src/common/api.ts";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { moderation, saveNewDrawing } from "../api/helpers/moderation.ts";
import { react, reactionRows, reactionsOf } from "../api/helpers/reactions.ts";

// Reactions follow the reports' per-visitor rules: a visitor is an IPv4 address or an IPv6 /64, the store
// keeps rows per visitor (not requests), and no other site's page can make its visitors react.

const OWN_HOST = "fanvas.test";
const EVIL = "https://evil.example";
const JSON_TYPE = { "content-type": "application/json" };
const HEART = JSON.stringify({ kind: "heart" });

/** Requests another site's page can make a browser send, each with the body it would carry. */
const FORGED: readonly [string, "POST" | "DELETE", Record<string, string>, string | undefined][] = [
  [
    "a no-cors POST of JSON text",
    "POST",
    { origin: EVIL, "content-type": "text/plain;charset=UTF-8" },
    HEART,
  ],
  [
    "a form post",
    "POST",
    { origin: EVIL, "content-type": "application/x-www-form-urlencoded" },
    "kind=heart",
  ],
  ["JSON from another site's page", "POST", { origin: EVIL, ...JSON_TYPE }, HEART],
  [
    "JSON with only Sec-Fetch-Site: cross-site",
    "POST",
    { "sec-fetch-site": "cross-site", ...JSON_TYPE },
    HEART,
  ],
  ["a DELETE from another site's page", "DELETE", { origin: EVIL }, undefined],
];

for (const dialect of testDialects()) {
  describe(`reaction visitors on ${dialect}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect, { moderation: moderation({ reactionRateLimit: 2 }) });
    });
    afterAll(async () => {
      await t.close();
    });

    const rowsOf = (id: string) => reactionRows(t.store.db, id);

    it("refuses every cross-site reaction before it counts: nothing stored, the visitor's own limit unspent", async () => {
      const { id } = await saveNewDrawing(t.app);
      const client = "10.60.0.1";
      await react(t.app, id, "heart", client);
      for (const [name, method, headers, payload] of FORGED) {
        const answer = await t.app.inject({
          method,
          url: `/api/drawings/${id}/reactions${method === "DELETE" ? "/heart" : ""}`,
          remoteAddress: client,
          headers: { host: OWN_HOST, ...headers },
          ...(payload === undefined ? {} : { payload }),
        });
        expect([403, 415], name).toContain(answer.statusCode);
        expect(answer.json<ApiError>().code, name).toBe(
          answer.statusCode === 403 ? "cross_site" : "unsupported_media_type",
        );
      }
      expect((await reactionsOf(t.app, id, client))?.reactions).toEqual({ heart: 1, fire: 0, lol: 0 });
      // REACTION_RATE_LIMIT=2: five forgeries spent nothing, so the visitor's second toggle, from our own page, counts.
      const own = await t.app.inject({
        method: "POST",
        url: `/api/drawings/${id}/reactions`,
        remoteAddress: client,
        headers: { host: OWN_HOST, origin: `http://${OWN_HOST}`, ...JSON_TYPE },
        payload: JSON.stringify({ kind: "fire" }),
      });
      expect(own.statusCode).toBe(200);
      expect((await react(t.app, id, "lol", client)).statusCode).toBe(429);
      expect(await rowsOf(id)).toHaveLength(2);
    });

    it("counts the addresses of one IPv6 /64 as one visitor, and an IPv4-mapped address as its IPv4 address", async () => {
      const { id } = await saveNewDrawing(t.app);
      for (const address of ["2001:db8:aaaa:bbbb::1", "2001:db8:aaaa:bbbb::2"]) {
        expect((await react(t.app, id, "heart", address)).statusCode).toBe(200);
      }
      expect((await reactionsOf(t.app, id))?.reactions.heart).toBe(1);
      // The same /64 has spent its two toggles; another network has not.
      expect((await react(t.app, id, "fire", "2001:db8:aaaa:bbbb::3")).statusCode).toBe(429);
      expect((await react(t.app, id, "heart", "2001:db8:aaaa:cccc::1")).statusCode).toBe(200);
      expect((await react(t.app, id, "heart", "192.0.2.30")).statusCode).toBe(200);
      expect((await react(t.app, id, "heart", "::ffff:192.0.2.30")).json().reactions.heart).toBe(3);
      expect((await reactionsOf(t.app, id, "2001:db8:aaaa:bbbb::9"))?.reacted).toEqual(["heart"]);
      expect(await rowsOf(id)).toHaveLength(3);
    });
  });
}
