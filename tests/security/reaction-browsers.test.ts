import { describe, expect, it } from "vitest";
import type { ApiError, GalleryPage } from "../../src/common/api.ts";
import type { ReactionState } from "../../src/common/reactions.ts";
import { UNLIMITED_EDGE } from "../../src/server/config.ts";
import { testAppForBlock } from "../api/helpers/app.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { moderation, saveNewDrawing } from "../api/helpers/moderation.ts";
import {
  cookieHeader,
  newBrowser,
  react,
  reactionRows,
  reactionsOf,
  type TestBrowser,
  unreact,
} from "../api/helpers/reactions.ts";

// A reaction belongs to the browser that gave it (a random visitor id in an HttpOnly cookie), not to its
// network address: people behind one address (a home, a school, a phone carrier) each own their hearts. What
// one address can do stays bounded: a drawing counts at most REACTION_BROWSERS_PER_ADDRESS of its browsers,
// so clearing the cookie buys a fresh heart only up to that cap.

const CAP = 3;
const VISITOR_COOKIE =
  /^fanvas_visitor=([A-Za-z0-9_-]{22}); Max-Age=\d+; Path=\/; HttpOnly(; Secure)?; SameSite=Lax$/;

for (const dialect of testDialects()) {
  describe(`reactions per browser on ${dialect}`, () => {
    const t = testAppForBlock(dialect, {
      moderation: moderation({ reactionBrowsersPerAddress: CAP }),
      // One trusted proxy, so a request can say it came over HTTPS.
      edge: { ...UNLIMITED_EDGE, trustProxyHops: 1 },
    });

    const heartsOf = async (id: string) =>
      (await reactionsOf(t.app, id, newBrowser("10.80.255.1")))?.reactions.heart;

    it("lets two browsers behind one address each give and take back their own heart (1 -> 2 -> 1)", async () => {
      const { id } = await saveNewDrawing(t.app);
      const first = newBrowser("10.80.0.1");
      const second = newBrowser("10.80.0.1");
      expect((await react(t.app, id, "heart", first)).json<ReactionState>()).toMatchObject({
        reactions: { heart: 1 },
        reacted: ["heart"],
      });
      // The second browser sees the first one's heart in the count, not as its own.
      expect(await reactionsOf(t.app, id, second)).toMatchObject({ reactions: { heart: 1 }, reacted: [] });
      expect((await react(t.app, id, "heart", second)).json<ReactionState>()).toMatchObject({
        reactions: { heart: 2 },
        reacted: ["heart"],
      });
      // Taking its heart back takes only its own.
      expect((await unreact(t.app, id, "heart", second)).json<ReactionState>()).toMatchObject({
        reactions: { heart: 1 },
        reacted: [],
      });
      expect((await unreact(t.app, id, "heart", second)).json<ReactionState>().reactions.heart).toBe(1);
      expect((await reactionsOf(t.app, id, first))?.reacted).toEqual(["heart"]);
      // The wall says the same to each.
      const wallItem = async (browser: TestBrowser) =>
        (
          await t.app.inject({
            method: "GET",
            url: "/api/drawings?limit=1",
            remoteAddress: browser.address,
            headers: cookieHeader(browser),
          })
        ).json<GalleryPage>().items[0];
      expect(await wallItem(first)).toMatchObject({ id, reacted: ["heart"] });
      expect(await wallItem(second)).toMatchObject({ id, reacted: [] });
    });

    it("gives a browser a random 128-bit visitor id on its first toggle: HttpOnly, SameSite=Lax, Secure over HTTPS", async () => {
      const { id } = await saveNewDrawing(t.app);
      // Reading sets nothing: a browser gets an id only when it has something to own.
      const read = await t.app.inject({ method: "GET", url: `/api/drawings/${id}/reactions` });
      expect(read.headers["set-cookie"]).toBeUndefined();
      const post = (headers: Record<string, string>) =>
        t.app.inject({
          method: "POST",
          url: `/api/drawings/${id}/reactions`,
          remoteAddress: "10.81.0.1",
          headers: { "content-type": "application/json", ...headers },
          payload: JSON.stringify({ kind: "fire" }),
        });
      const overHttp = String((await post({})).headers["set-cookie"]);
      const overHttps = String((await post({ "x-forwarded-proto": "https" })).headers["set-cookie"]);
      const [, id1, secure1] = VISITOR_COOKIE.exec(overHttp) ?? [];
      const [, id2, secure2] = VISITOR_COOKIE.exec(overHttps) ?? [];
      expect(id1, overHttp).toBeDefined();
      expect(id2, overHttps).toBeDefined();
      expect([secure1, secure2]).toEqual([undefined, "; Secure"]);
      expect(id1).not.toBe(id2);
      // A browser that presents its id keeps it; a malformed id is replaced, and is a browser of its own.
      const kept = await post({ cookie: overHttp.split(";")[0] ?? "" });
      expect(kept.headers["set-cookie"]).toBeUndefined();
      expect(kept.json<ReactionState>().reacted).toEqual(["fire"]);
      for (const bad of ["fanvas_visitor=short", `fanvas_visitor=${"a".repeat(22)}!`, "fanvas_visitor="]) {
        const replaced = await post({ cookie: bad });
        expect(String(replaced.headers["set-cookie"]), bad).toMatch(/^fanvas_visitor=[A-Za-z0-9_-]{22};/);
      }
      // Two browsers and three replaced ids: new browsers of this address, counted only up to the cap.
      expect((await reactionsOf(t.app, id))?.reactions.fire).toBe(CAP);
    });

    it(`counts at most ${CAP} browsers of one address per drawing: a cleared cookie buys no more, another address or drawing is not touched`, async () => {
      const { id } = await saveNewDrawing(t.app);
      const { id: other } = await saveNewDrawing(t.app);
      const browsers = Array.from({ length: CAP }, () => newBrowser("10.82.0.1"));
      for (const browser of browsers) expect((await react(t.app, id, "heart", browser)).statusCode).toBe(200);
      // One more browser on that address, or the same person with their cookie cleared: refused, nothing counted.
      const cleared = newBrowser("10.82.0.1");
      const refused = await react(t.app, id, "heart", cleared);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ApiError>().code).toBe("address_reactions_full");
      expect(refused.json<ApiError>().message).toMatch(/3 browsers on your network/);
      expect(await heartsOf(id)).toBe(CAP);
      expect(await reactionRows(t.store.db, id)).toHaveLength(CAP);
      // A browser already counted may give another kind; the cap is per drawing and per address.
      expect((await react(t.app, id, "fire", browsers[0] as TestBrowser)).statusCode).toBe(200);
      expect((await react(t.app, other, "heart", cleared)).statusCode).toBe(200);
      expect((await react(t.app, id, "heart", newBrowser("10.82.0.2"))).statusCode).toBe(200);
      // A browser that takes back everything it gave frees its place.
      await unreact(t.app, id, "heart", browsers[1] as TestBrowser);
      expect((await react(t.app, id, "heart", cleared)).statusCode).toBe(200);
      expect((await react(t.app, id, "heart", browsers[1] as TestBrowser)).statusCode).toBe(403);
      expect(await heartsOf(id)).toBe(CAP + 1);
    });

    it("holds the cap when many fresh browsers of one address react to one drawing at once", async () => {
      const { id } = await saveNewDrawing(t.app);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => react(t.app, id, "lol", newBrowser("2001:db8:82::1"))),
      );
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(CAP);
      expect(answers.filter((answer) => answer.statusCode === 403)).toHaveLength(12 - CAP);
      expect((await reactionsOf(t.app, id))?.reactions.lol).toBe(CAP);
      // The addresses of one /64 are one address.
      expect((await react(t.app, id, "lol", newBrowser("2001:db8:82::2"))).statusCode).toBe(403);
    });
  });
}
