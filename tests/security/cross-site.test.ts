import { describe, expect, it } from "vitest";
import type { ApiError } from "../../src/common/api.ts";
import { SAVE_BUNDLE_TYPE } from "../../src/common/save-bundle.ts";
import { DEFAULT_EDGE, LOOPBACK_HOSTS } from "../../src/server/config.ts";
import { startTestApp, type TestApp, testAppForBlock } from "../api/helpers/app.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { bundleOf, makingOf } from "../api/helpers/making.ts";
import { GONE, moderation, publicPresence, saveNewDrawing, VISIBLE } from "../api/helpers/moderation.ts";
import { dataUrlBody, drawingPng } from "../api/helpers/png.ts";

// Without a guard, any website could make its visitors report (and save) through their browsers: a bodiless
// `fetch(..., { method: "POST", mode: "no-cors" })` needs no content type, so only its origin can tell.

const OWN_HOST = "fanvas.test";
const ALLOWED = "https://static.fans.example";
const EVIL = "https://evil.example";
const JSON_TYPE = { "content-type": "application/json" };

/** What a browser sends for each kind of cross-site request a page can make without asking us first. */
const FORGED: readonly [string, Record<string, string>, string | undefined][] = [
  ["a bodiless no-cors POST", { origin: EVIL, "sec-fetch-site": "cross-site" }, undefined],
  ["a bodiless POST from an old browser that sends no Origin", {}, undefined],
  ["a no-cors POST of JSON text", { origin: EVIL, "content-type": "text/plain;charset=UTF-8" }, "{}"],
  ["a form post", { origin: EVIL, "content-type": "application/x-www-form-urlencoded" }, "reason=x"],
  ["a multipart form post", { origin: "null", "content-type": "multipart/form-data; boundary=x" }, "--x--"],
  ["JSON from another site's page (a preflight it would fail)", { origin: EVIL, ...JSON_TYPE }, "{}"],
  ["JSON from a sibling subdomain", { origin: `https://x.${OWN_HOST}`, ...JSON_TYPE }, "{}"],
  [
    "JSON from a browser that sent only Sec-Fetch-Site",
    { "sec-fetch-site": "same-site", ...JSON_TYPE },
    "{}",
  ],
];

for (const dialect of testDialects()) {
  describe(`cross-site requests on ${dialect}`, () => {
    const t = testAppForBlock(dialect, {
      moderation: moderation({ reportThreshold: 3 }),
      edge: {
        ...DEFAULT_EDGE,
        corsOrigins: [ALLOWED],
        saveRateLimit: 0,
        allowedHosts: [...LOOPBACK_HOSTS, OWN_HOST],
      },
    });

    const reportsOf = async (id: string) =>
      (await t.store.db.selectFrom("reports").select("drawing_id").where("drawing_id", "=", id).execute())
        .length;
    const reportFrom = (id: string, client: string, headers: Record<string, string>, payload?: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/drawings/${id}/report`,
        remoteAddress: client,
        headers: { host: OWN_HOST, ...headers },
        ...(payload === undefined ? {} : { payload }),
      });

    for (const [name, headers, payload] of FORGED) {
      it(`refuses ${name} as a report, from three visitors, and the drawing stays on the wall`, async () => {
        const { id } = await saveNewDrawing(t.app);
        for (const client of ["10.20.0.1", "10.20.0.2", "10.20.0.3"]) {
          const answer = await reportFrom(id, client, headers, payload);
          expect([403, 415]).toContain(answer.statusCode);
          const body = answer.json<ApiError>();
          expect(body.code).toBe(answer.statusCode === 403 ? "cross_site" : "unsupported_media_type");
        }
        expect(await reportsOf(id)).toBe(0);
        expect(await publicPresence(t.app, id)).toEqual(VISIBLE);
      });
    }

    it("takes reports from our own page, a CORS_ORIGINS page, and clients that are no browser", async () => {
      const { id } = await saveNewDrawing(t.app);
      const answers = [
        await reportFrom(id, "10.21.0.1", { origin: `http://${OWN_HOST}`, ...JSON_TYPE }),
        await reportFrom(id, "10.21.0.2", { "sec-fetch-site": "same-origin", ...JSON_TYPE }, "{}"),
        await reportFrom(id, "10.21.0.3", { origin: ALLOWED, ...JSON_TYPE }),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
      // Three real reports still hide a drawing: the guard refuses forgeries, not reports.
      expect(await publicPresence(t.app, id)).toEqual(GONE);
      const other = await saveNewDrawing(t.app);
      const curl = await reportFrom(other.id, "10.21.0.4", JSON_TYPE, JSON.stringify({ reason: "spam" }));
      expect(curl.statusCode).toBe(202);
      expect(await reportsOf(other.id)).toBe(1);
    });

    it("refuses a forged save before it counts: the visitor's own save is still there", async () => {
      const limited = await startTestApp(dialect, {
        edge: { ...DEFAULT_EDGE, saveRateLimit: 1, allowedHosts: [...LOOPBACK_HOSTS, OWN_HOST] },
      });
      try {
        await forgedSavesSpendNothing(limited);
      } finally {
        await limited.close();
      }
    });

    it("refuses a save bundle (a drawing and its making) from another site's page, and takes our page's and a CORS_ORIGINS page's", async () => {
      const before = await t.count();
      const save = async (seed: number, headers: Record<string, string>) =>
        t.app.inject({
          method: "POST",
          url: "/api/drawings",
          remoteAddress: "10.24.0.1",
          headers: { host: OWN_HOST, "content-type": SAVE_BUNDLE_TYPE, ...headers },
          payload: bundleOf(await drawingPng(600, 600, seed), makingOf()),
        });
      const forged = await save(61, { origin: EVIL, "sec-fetch-site": "cross-site" });
      expect(forged.statusCode).toBe(403);
      expect(forged.json<ApiError>().code).toBe("cross_site");
      expect(await t.count()).toBe(before);
      expect(
        (await save(62, { origin: `http://${OWN_HOST}`, "sec-fetch-site": "same-origin" })).statusCode,
      ).toBe(201);
      expect((await save(63, { origin: ALLOWED })).statusCode).toBe(201);
      expect(await t.count()).toBe(before + 2);
    });

    it("refuses a forged PostgREST insert in PostgREST's words, and takes supabase-js without an Origin", async () => {
      const before = await t.count();
      const rows = JSON.stringify(dataUrlBody(await drawingPng(600, 600, 42)));
      const insert = (headers: Record<string, string>) =>
        t.app.inject({
          method: "POST",
          url: "/rest/v1/drawings",
          remoteAddress: "10.23.0.1",
          headers: { host: OWN_HOST, ...JSON_TYPE, ...headers },
          payload: rows,
        });
      const forged = await insert({ origin: EVIL });
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toMatchObject({ code: "42501", details: "fanvas:cross_site" });
      expect(await t.count()).toBe(before);
      expect((await insert({ apikey: "anon" })).statusCode).toBe(201);
      expect((await insert({ origin: ALLOWED })).statusCode).toBe(201);
    });
  });
}

describe("cross-site requests behind a proxy with PUBLIC_BASE_URL", () => {
  const t = testAppForBlock("sqlite", { publicBaseUrl: "https://draw.fans.example/wall" });

  it("take the public address's origin as our own, whatever Host the proxy passed on", async () => {
    const { id } = await saveNewDrawing(t.app);
    const report = (origin: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/drawings/${id}/report`,
        headers: { host: "127.0.0.1:8080", origin, ...JSON_TYPE },
      });
    expect((await report("https://draw.fans.example")).statusCode).toBe(202);
    expect((await report(EVIL)).statusCode).toBe(403);
  });
});

/** With one save allowed per visitor, five forged saves (PNG and no-cors JSON) store nothing and spend nothing. */
async function forgedSavesSpendNothing(t: TestApp): Promise<void> {
  const png = await drawingPng(600, 600, 41);
  const save = (headers: Record<string, string>, payload: Buffer | string) =>
    t.app.inject({
      method: "POST",
      url: "/api/drawings",
      remoteAddress: "10.22.0.1",
      headers: { host: OWN_HOST, ...headers },
      payload,
    });
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const forged = await save({ origin: EVIL, "content-type": "image/png" }, png);
    expect(forged.statusCode).toBe(403);
    expect(forged.json<ApiError>().message).toContain("evil.example");
  }
  const noCors = await save({ origin: EVIL, "content-type": "text/plain" }, JSON.stringify(dataUrlBody(png)));
  expect(noCors.statusCode).toBe(403);
  expect(await t.count()).toBe(0);
  const own = await save({ origin: `http://${OWN_HOST}`, "content-type": "image/png" }, png);
  expect(own.statusCode).toBe(201);
}
