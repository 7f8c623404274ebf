import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNLIMITED_EDGE } from "../../src/server/config.ts";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";
import { ADMIN_TOKEN, moderation } from "../api/helpers/moderation.ts";

// Finding 8: admin sign-in answered 500 for {"token": ["x"]} or {"token": {}} (a TypeError in the token
// comparison); the body now has a schema.

const HOST = "fanvas.test";
const ORIGIN = `http://${HOST}`;

describe("admin sign-in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("sqlite", { moderation: moderation(), edge: UNLIMITED_EDGE });
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = (
    payload: string | undefined,
    contentType = "application/json",
    remoteAddress = "10.80.0.1",
  ) =>
    t.app.inject({
      method: "POST",
      url: "/admin/login",
      remoteAddress,
      headers: { host: HOST, origin: ORIGIN, "content-type": contentType },
      ...(payload === undefined ? {} : { payload }),
    });

  const MALFORMED: readonly [string, string | undefined, string?][] = [
    ["a token that is an array", '{"token": ["x"]}'],
    ["a token that is an object", '{"token": {}}'],
    ["a token that is a number", '{"token": 5}'],
    ["a token that is null", '{"token": null}'],
    ["no token", "{}"],
    ["a JSON array", "[]"],
    ["no body", undefined],
    ["a form without the token field", "other=x", "application/x-www-form-urlencoded"],
    ["a 10,000-character token", JSON.stringify({ token: "x".repeat(10_000) })],
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

  it("still signs in with the token, as a form or as JSON", async () => {
    const form = await signIn(
      new URLSearchParams({ token: ADMIN_TOKEN }).toString(),
      "application/x-www-form-urlencoded",
    );
    expect(form.statusCode).toBe(303);
    expect(String(form.headers["set-cookie"])).toMatch(/^fanvas_admin=/);
    const json = await signIn(JSON.stringify({ token: ADMIN_TOKEN }));
    expect(json.statusCode).toBe(303);
  });
});
