import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import { buildApp } from "../../src/server/app.ts";
import { UNLIMITED_EDGE } from "../../src/server/config.ts";
import { openStore } from "../../src/server/db/open.ts";
import { testAppForBlock } from "../api/helpers/app.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { ADMIN_TOKEN, moderation } from "../api/helpers/moderation.ts";

// Admin sign-in's body has a schema, so {"token": ["x"]} or {"token": {}} is a 400, not a TypeError in the token
// comparison. Failed sign-ins are throttled per visitor (unthrottled, an attack run sent 3,000 wrong tokens at
// 2,300 a second), and signing out ends the session in the store, for every process, rather than leaving the
// session cookie valid for 12 hours.

const HOST = "fanvas.test";
const ORIGIN = `http://${HOST}`;
const FORM = "application/x-www-form-urlencoded";

/** POST /admin/login from our own page (its Origin), as `remoteAddress`. */
function postSignIn(
  app: FastifyInstance,
  payload: string | undefined,
  contentType: string,
  remoteAddress: string,
) {
  return app.inject({
    method: "POST",
    url: "/admin/login",
    remoteAddress,
    headers: { host: HOST, origin: ORIGIN, "content-type": contentType },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The sign-in form's body for this token. */
const formWith = (token: string) => new URLSearchParams({ token }).toString();

describe("admin sign-in", () => {
  const t = testAppForBlock("sqlite", { moderation: moderation(), edge: UNLIMITED_EDGE });

  const signIn = (payload: string | undefined, contentType = "application/json") =>
    postSignIn(t.app, payload, contentType, "10.80.0.1");

  const MALFORMED: readonly [string, string | undefined, string?][] = [
    ["a token that is an array", '{"token": ["x"]}'],
    ["a token that is an object", '{"token": {}}'],
    ["a token that is a number", '{"token": 5}'],
    ["a token that is null", '{"token": null}'],
    ["no token", "{}"],
    ["a JSON array", "[]"],
    ["no body", undefined],
    ["a form without the token field", "other=x", "application/x-www-form-urlencoded"],
    ["a 2,000-character token", JSON.stringify({ token: "x".repeat(2000) })],
  ];
  for (const [name, payload, contentType] of MALFORMED) {
    it(`answers ${name} with 400 and a page saying what to send, never 500, and no session`, async () => {
      const answer = await signIn(payload, contentType);
      expect(answer.statusCode).toBe(400);
      expect(answer.headers["content-type"]).toMatch(/^text\/html/);
      expect(answer.body).toContain("one line of text");
      expect(answer.headers["set-cookie"]).toBeUndefined();
    });
  }

  it("answers a body past the form's 4 KiB with 413 and a page saying what to send, before reading it", async () => {
    const answer = await signIn(JSON.stringify({ token: "x".repeat(10_000) }));
    expect(answer.statusCode).toBe(413);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.body).toContain("one line of text");
  });

  it("still signs in with the token, as a form or as JSON", async () => {
    const form = await signIn(formWith(ADMIN_TOKEN), FORM);
    expect(form.statusCode).toBe(303);
    expect(String(form.headers["set-cookie"])).toMatch(/^fanvas_admin=/);
    const json = await signIn(JSON.stringify({ token: ADMIN_TOKEN }));
    expect(json.statusCode).toBe(303);
  });

  // Failed sign-ins, each test from its own addresses: a schema refusal (400) never counts.
  const form = (token: string, remoteAddress: string) =>
    postSignIn(t.app, formWith(token), FORM, remoteAddress);
  const bearer = (token: string, remoteAddress: string) =>
    t.app.inject({
      method: "GET",
      url: "/api/admin/drawings",
      remoteAddress,
      headers: { authorization: `Bearer ${token}` },
    });

  it("are answered 401 ten times a visitor, then 429 for every attempt (the right token too)", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 50; attempt += 1) {
      statuses.push((await form(`wrong-token-number-${attempt}`, "10.81.0.1")).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(new Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(new Array(40).fill(429));
    const right = await form(ADMIN_TOKEN, "10.81.0.1");
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
    expect(right.headers["set-cookie"]).toBeUndefined();
    expect(right.body).toContain("failed sign-ins");
    // Another visitor is not held back.
    expect((await form(ADMIN_TOKEN, "10.81.0.2")).statusCode).toBe(303);
  });

  it("count wrong Bearer tokens on the JSON API too, per visitor (an IPv6 /64 is one)", async () => {
    const statuses: number[] = [];
    for (let host = 1; host <= 12; host += 1) {
      statuses.push((await bearer("wrong-token-wrong-token", `2001:db8:81::${host}`)).statusCode);
    }
    expect(statuses).toEqual([...new Array(10).fill(401), 429, 429]);
    expect((await bearer(ADMIN_TOKEN, "2001:db8:82::1")).statusCode).toBe(200);
  });

  it("do not count a visitor who presents no token (the sign-in page itself)", async () => {
    for (let visit = 0; visit < 20; visit += 1) {
      expect(
        (await t.app.inject({ method: "GET", url: "/admin", remoteAddress: "10.81.0.3" })).statusCode,
      ).toBe(401);
    }
    expect((await form(ADMIN_TOKEN, "10.81.0.3")).statusCode).toBe(303);
  });
});

for (const dialect of testDialects()) {
  describe(`signing out, on ${dialect}`, () => {
    const t = testAppForBlock(dialect, { moderation: moderation(), edge: UNLIMITED_EDGE });

    it("ends the session for good, in this process and in another one on the same database", async () => {
      const signedIn = await postSignIn(t.app, formWith(ADMIN_TOKEN), FORM, "10.83.0.1");
      const cookie = String(signedIn.headers["set-cookie"]).split(";")[0] ?? "";
      const otherStore = await openStore(t.database.config);
      const other = await buildApp({
        branding: DEFAULT_BRANDING,
        store: otherStore,
        clientDir: "/nonexistent/fanvas-client",
        logger: false,
        moderation: moderation(),
      });
      try {
        const list = (app: typeof other) => app.inject({ method: "GET", url: "/admin", headers: { cookie } });
        expect((await list(t.app)).statusCode).toBe(200);
        expect((await list(other)).statusCode).toBe(200);
        const out = await t.app.inject({
          method: "POST",
          url: "/admin/logout",
          headers: { host: HOST, origin: ORIGIN, cookie },
        });
        expect(out.statusCode).toBe(303);
        // A copy of the cookie (kept by the browser's history, a proxy log, an attacker) is worth nothing now.
        expect((await list(t.app)).statusCode).toBe(401);
        expect((await list(other)).statusCode).toBe(401);
        const image = await other.inject({
          method: "GET",
          url: "/api/admin/drawings/AAAAAAAAAAAA.png",
          headers: { cookie },
        });
        expect(image.statusCode).toBe(401);
      } finally {
        await other.close();
        await otherStore.close();
      }
    });
  });
}
