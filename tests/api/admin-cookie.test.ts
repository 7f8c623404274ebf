import { createHash, createHmac, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { recordSession } from "../../src/server/moderation/admin-session-queries.ts";
import { startTestApp, type TestApp } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { ADMIN_TOKEN, moderation } from "./helpers/moderation.ts";

const ORIGIN = "http://localhost:80";
const opened: TestApp[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

/** A session cookie as the server has always signed it: `<id>.<HMAC-SHA256 of the id under the token>`, base64url. */
function cookieSignedAsEver(id: string): string {
  const signature = createHmac("sha256", ADMIN_TOKEN)
    .update(`fanvas-admin-session:${id}`)
    .digest("base64url");
  return `fanvas_admin=${id}.${signature}`;
}

describe.each(testDialects())("the admin session cookie through @fastify/cookie (%s)", (dialect) => {
  it("keeps a moderator signed in with a cookie signed as sessions always were, and signs new ones the same way", async () => {
    const t = await startTestApp(dialect, { moderation: moderation() });
    opened.push(t);
    const id = randomBytes(32).toString("base64url");
    const now = Date.now();
    const idHash = createHash("sha256").update(id).digest("hex");
    await recordSession(t.store.db, idHash, new Date(now + 3_600_000), new Date(now));
    const cookie = cookieSignedAsEver(id);
    expect((await t.app.inject({ method: "GET", url: "/admin", headers: { cookie } })).statusCode).toBe(200);
    // The same id under another signature is refused.
    const forged = `${cookie.slice(0, -4)}AAAA`;
    expect(
      (await t.app.inject({ method: "GET", url: "/admin", headers: { cookie: forged } })).statusCode,
    ).toBe(401);

    const signIn = await t.app.inject({
      method: "POST",
      url: "/admin/login",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      payload: new URLSearchParams({ token: ADMIN_TOKEN }).toString(),
    });
    expect(signIn.statusCode).toBe(303);
    const fresh = String(signIn.headers["set-cookie"]).split(";")[0] ?? "";
    const freshId = /^fanvas_admin=([A-Za-z0-9_-]{43})\./.exec(fresh)?.[1] ?? "";
    expect(fresh).toBe(cookieSignedAsEver(freshId));

    // Signing out ends the old-signed session too.
    const out = await t.app.inject({
      method: "POST",
      url: "/admin/logout",
      headers: { cookie, origin: ORIGIN },
    });
    expect(out.statusCode).toBe(303);
    expect((await t.app.inject({ method: "GET", url: "/admin", headers: { cookie } })).statusCode).toBe(401);
  });
});
