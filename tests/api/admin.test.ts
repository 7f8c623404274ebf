import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { UNLIMITED_EDGE } from "../../src/server/config.ts";
import { startTestApp, testAppForBlock } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { ADMIN_TOKEN, GONE, moderation, recordEvents, siteOf, VISIBLE } from "./helpers/moderation.ts";

const ORIGIN = "http://localhost:80";

/**
 * Every route of the app under /admin or /api/admin, read from Fastify's route tree (printRoutes), so
 * an admin route added anywhere is checked without editing this test. Parameters get sample values.
 */
function adminRoutesOf(app: FastifyInstance): { method: string; url: string }[] {
  const labels: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of app.printRoutes().split("\n")) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]+)\))?$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? "").length / 4;
    labels.length = depth;
    labels.push(match[2] ?? "");
    const path = labels.join("");
    if (match[3] === undefined || !/^\/(api\/)?admin(\/|$)/.test(path)) continue;
    const url = path
      .replace(/:action(\|:\w+)*/g, "hide")
      .replace(/:\w+(\|:\w+)*/g, "AAAAAAAAAAAA")
      .replace(/\*$/, "anything");
    for (const method of match[3].split(", ")) {
      if (["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"].includes(method)) routes.push({ method, url });
    }
  }
  return routes;
}

describe("every admin route answers 401 without the right token", () => {
  const cases = [
    { name: "admin on", settings: moderation() },
    { name: "ADMIN_TOKEN unset", settings: moderation({ adminToken: undefined }) },
  ];
  for (const { name, settings } of cases) {
    it(`${name}: no credentials, a wrong Bearer token, a forged session cookie, the right token when admin is off`, async () => {
      const t = await startTestApp("sqlite", { moderation: settings });
      try {
        const routes = adminRoutesOf(t.app);
        const paths = new Set(routes.map((route) => `${route.method} ${route.url}`));
        // The enumeration must see the routes this test knows of, or it would prove nothing.
        for (const known of [
          "GET /admin",
          "POST /admin/login",
          "POST /admin/drawings/AAAAAAAAAAAA/hide",
          "GET /api/admin/drawings",
          "GET /api/admin/drawings/AAAAAAAAAAAA",
          "POST /api/admin/drawings/AAAAAAAAAAAA/hide",
          "DELETE /api/admin/anything",
        ]) {
          expect(paths).toContain(known);
        }
        const tokenIn = (headers: Record<string, string>) =>
          headers.authorization === `Bearer ${ADMIN_TOKEN}` ? ADMIN_TOKEN : "wrong-token-wrong-token-wrong";
        const forged = `${Buffer.alloc(32).toString("base64url")}.${Buffer.alloc(32).toString("base64url")}`;
        const attempts: Record<string, string>[] = [
          {},
          { authorization: "Bearer wrong-token-wrong-token-wrong" },
          { authorization: "Basic YWRtaW46YWRtaW4=" },
          { cookie: `fanvas_admin=${forged}` },
          { cookie: `fanvas_admin=${ADMIN_TOKEN}` },
        ];
        if (settings.adminToken === undefined) attempts.push({ authorization: `Bearer ${ADMIN_TOKEN}` });
        // Each attempt from its own address: past 10 failed sign-ins one visitor is answered 429 instead
        // (tests/security/admin-sign-in.test.ts), which would hide what the route itself answers.
        let visitor = 0;
        for (const route of routes) {
          for (const headers of attempts) {
            visitor += 1;
            const response = await t.app.inject({
              method: route.method as "GET",
              url: route.url,
              remoteAddress: `10.${visitor >> 8}.${visitor & 0xff}.1`,
              headers: { ...headers, origin: ORIGIN },
              // A login form carries the token admin-off was offered, or a wrong one.
              ...(route.method === "POST" ? { payload: { token: tokenIn(headers) } } : {}),
            });
            expect({ ...route, headers, status: response.statusCode }).toEqual({
              ...route,
              headers,
              status: 401,
            });
            expect(response.headers["cache-control"]).toBe("no-store");
          }
        }
      } finally {
        await t.close();
      }
    });
  }
});

for (const dialect of testDialects()) {
  describe(`admin actions on ${dialect}`, () => {
    const t = testAppForBlock(dialect, { moderation: moderation({ reportThreshold: 2 }) });
    const site = siteOf(t);

    const list = async (filter: string) => {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/admin/drawings?filter=${filter}`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      return response.json<{
        items: { id: string; status: string; reportCount: number; imageUrl: string }[];
      }>().items;
    };

    it("hide takes a drawing off the wall and announces it; restore brings it back and announces it", async () => {
      const { id, createdAt } = await site.save();
      const recorder = recordEvents(t.store);
      const hidden = await site.adminPost(id, "hide");
      expect(hidden.json()).toEqual({ id, status: "hidden", previousStatus: "visible" });
      expect(await site.presence(id)).toEqual(GONE);
      await recorder.waitFor((event) => event.type === "removed" && event.id === id, "removed");
      expect((await list("hidden")).map((item) => item.id)).toContain(id);
      // Moderators still see it.
      const image = await t.app.inject({
        method: "GET",
        url: `/api/admin/drawings/${id}.png`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/png");
      expect((await site.adminPost(id, "restore")).json()).toEqual({
        id,
        status: "visible",
        previousStatus: "hidden",
      });
      expect(await site.presence(id)).toEqual(VISIBLE);
      const added = await recorder.waitFor(
        (event) => event.type === "added" && event.item.id === id,
        "added",
      );
      expect(added).toMatchObject({ item: { id, createdAt, url: `/api/drawings/${id}.png` } });
      recorder.stop();
    });

    it("lists reported drawings with their count, and restore clears them from the reported list", async () => {
      const { id } = await site.save();
      await site.report(id, "10.9.0.1");
      expect((await list("reported")).find((item) => item.id === id)).toMatchObject({
        status: "visible",
        reportCount: 1,
      });
      await site.report(id, "10.9.0.2");
      expect((await list("reported")).find((item) => item.id === id)).toMatchObject({
        status: "hidden",
        reportCount: 2,
      });
      await site.adminPost(id, "restore");
      expect((await list("reported")).map((item) => item.id)).not.toContain(id);
    });

    it("delete empties the image and thumbnail, lists it nowhere, announces it, and cannot be undone", async () => {
      const { id } = await site.save();
      expect((await t.app.inject({ method: "GET", url: `/api/drawings/${id}.webp` })).statusCode).toBe(200);
      const recorder = recordEvents(t.store);
      expect((await site.adminPost(id, "delete")).json()).toEqual({
        id,
        status: "deleted",
        previousStatus: "visible",
      });
      await recorder.waitFor((event) => event.type === "removed" && event.id === id, "removed");
      recorder.stop();
      const row = await t.store.db
        .selectFrom("drawings")
        .select(["image_data", "thumbnail_webp", "byte_size", "status"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("deleted");
      expect(row.image_data.byteLength).toBe(0);
      expect(row.thumbnail_webp?.byteLength).toBe(0);
      expect(row.byte_size).toBe(0);
      expect(await site.presence(id)).toEqual(GONE);
      expect((await list("newest")).map((item) => item.id)).not.toContain(id);
      expect((await site.adminPost(id, "restore")).statusCode).toBe(409);
      expect((await site.adminPost(id, "hide")).statusCode).toBe(409);
      expect((await site.adminPost("AAAAAAAAAAAA", "hide")).statusCode).toBe(404);
      expect((await site.adminPost(id, "explode")).statusCode).toBe(400);
    });
  });

  describe(`pre-moderation on ${dialect}`, () => {
    const t = testAppForBlock(dialect, { moderation: moderation({ mode: "pre" }) });
    const site = siteOf(t);

    it("keeps a new drawing off the wall and out of the events until approved; approval publishes it", async () => {
      const recorder = recordEvents(t.store);
      const saved = await site.save();
      expect(await site.presence(saved.id)).toEqual(GONE);
      const pending = await t.app.inject({
        method: "GET",
        url: "/api/admin/drawings?filter=pending",
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(pending.json<{ items: { id: string; status: string }[] }>().items).toContainEqual(
        expect.objectContaining({ id: saved.id, status: "pending" }),
      );
      expect((await site.adminPost(saved.id, "restore")).json()).toEqual({
        id: saved.id,
        status: "visible",
        previousStatus: "pending",
      });
      await recorder.waitFor((event) => event.type === "added" && event.item.id === saved.id, "added");
      // The approval is the first and only announcement of this drawing.
      expect(
        recorder.events.filter((event) => event.type === "added" && event.item.id === saved.id),
      ).toHaveLength(1);
      recorder.stop();
      expect(await site.presence(saved.id)).toEqual(VISIBLE);
    });
  });
}

describe("admin page", () => {
  const t = testAppForBlock("sqlite", {
    moderation: moderation(),
    edge: { ...UNLIMITED_EDGE, trustProxyHops: 1 },
  });
  const site = siteOf(t);

  const login = (token: string, headers: Record<string, string> = { origin: ORIGIN }) =>
    t.app.inject({
      method: "POST",
      url: "/admin/login",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      payload: new URLSearchParams({ token }).toString(),
    });
  const sessionOf = async () =>
    (await login(ADMIN_TOKEN)).headers["set-cookie"]?.toString().split(";")[0] ?? "";

  it("signs in with the token into an HttpOnly, SameSite=Strict cookie that holds no token; Secure over https", async () => {
    expect((await t.app.inject({ method: "GET", url: "/admin" })).statusCode).toBe(401);
    expect((await login("not-the-token-at-all")).statusCode).toBe(401);
    const response = await login(ADMIN_TOKEN);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/admin");
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toMatch(
      /^fanvas_admin=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/,
    );
    expect(cookie).not.toContain(ADMIN_TOKEN);
    const secure = await login(ADMIN_TOKEN, {
      origin: "https://fans.example",
      "x-forwarded-proto": "https",
      host: "fans.example",
    });
    expect(String(secure.headers["set-cookie"])).toMatch(/; Secure$/);
    // A sign-in posted from another site's page is refused.
    expect((await login(ADMIN_TOKEN, { origin: "https://evil.example" })).statusCode).toBe(401);
  });

  it("lists drawings with their images and action forms, with no script, and acts from a same-origin form", async () => {
    const { id } = await site.save();
    const cookie = await sessionOf();
    const page = await t.app.inject({ method: "GET", url: "/admin?filter=newest", headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain(`src="/api/admin/drawings/${id}.png"`);
    expect(page.body).toContain(`action="/admin/drawings/${id}/hide"`);
    expect(page.body).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    const image = await t.app.inject({
      method: "GET",
      url: `/api/admin/drawings/${id}.png`,
      headers: { cookie },
    });
    expect(image.statusCode).toBe(200);
    const act = (origin: string) =>
      t.app.inject({
        method: "POST",
        url: `/admin/drawings/${id}/hide`,
        headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
        payload: "filter=reported",
      });
    expect((await act("https://evil.example")).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: `/api/drawings/${id}.png` })).statusCode).toBe(200);
    const done = await act(ORIGIN);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/admin?filter=reported");
    expect((await t.app.inject({ method: "GET", url: `/api/drawings/${id}.png` })).statusCode).toBe(404);
    // The session cookie is for the page only; the JSON API's actions need the Bearer token.
    const api = await t.app.inject({
      method: "POST",
      url: `/api/admin/drawings/${id}/restore`,
      headers: { cookie, origin: ORIGIN },
    });
    expect(api.statusCode).toBe(401);
  });

  it("signs out by expiring the cookie", async () => {
    const cookie = await sessionOf();
    const out = await t.app.inject({
      method: "POST",
      url: "/admin/logout",
      headers: { cookie, origin: ORIGIN },
    });
    expect(out.statusCode).toBe(303);
    expect(String(out.headers["set-cookie"])).toContain("Max-Age=0");
  });
});
