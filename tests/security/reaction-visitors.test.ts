import { describe, expect, it } from "vitest";
import type { ApiError } from "../../src/common/api.ts";
import { testAppForBlock } from "../api/helpers/app.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { moderation, saveNewDrawing } from "../api/helpers/moderation.ts";
import { newBrowser, react, reactionRows, reactionsOf, unreact } from "../api/helpers/reactions.ts";

// Reactions belong to browsers (reaction-browsers.test.ts), but what one address can do is bounded by the
// per-visitor rules: a visitor is an IPv4 address or an IPv6 /64, the limit counts its toggles (not its
// browsers' requests), and no other site's page can make its visitors react.

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
    const t = testAppForBlock(dialect, { moderation: moderation({ reactionRateLimit: 2 }) });

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

    it("counts an IPv6 /64, and an IPv4-mapped address's IPv4 address, as one address for the toggle limit; a browser keeps its reactions on any address", async () => {
      const { id } = await saveNewDrawing(t.app);
      const phone = newBrowser("2001:db8:aaaa:bbbb::1");
      expect((await react(t.app, id, "heart", phone)).statusCode).toBe(200);
      // Another browser on another address of the same /64: a heart of its own, and the /64's second toggle of two.
      expect((await react(t.app, id, "heart", newBrowser("2001:db8:aaaa:bbbb::2"))).statusCode).toBe(200);
      expect((await reactionsOf(t.app, id))?.reactions.heart).toBe(2);
      expect((await react(t.app, id, "fire", newBrowser("2001:db8:aaaa:bbbb::3"))).statusCode).toBe(429);
      // Another network has a limit of its own; an IPv4-mapped address shares its IPv4 address's.
      const laptop = newBrowser("192.0.2.30");
      expect((await react(t.app, id, "heart", laptop)).statusCode).toBe(200);
      const mapped = { address: "::ffff:192.0.2.30", cookie: laptop.cookie };
      expect((await unreact(t.app, id, "heart", mapped)).json().reactions.heart).toBe(2);
      expect((await react(t.app, id, "heart", newBrowser("::ffff:192.0.2.30"))).statusCode).toBe(429);
      // The phone, on another network now, still sees its heart as its own.
      const elsewhere = { address: "2001:db8:cccc:dddd::1", cookie: phone.cookie };
      expect((await reactionsOf(t.app, id, elsewhere))?.reacted).toEqual(["heart"]);
      expect(await rowsOf(id)).toHaveLength(2);
    });
  });
}
