import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_EDGE } from "../../src/server/config.ts";
import { startTestApp, type TestApp, testAppForBlock } from "../api/helpers/app.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { startEdgeApp } from "../api/helpers/edge-app.ts";
import {
  GONE,
  moderation,
  publicPresence,
  report,
  saveNewDrawing,
  VISIBLE,
} from "../api/helpers/moderation.ts";
import { drawingPng } from "../api/helpers/png.ts";

// One ordinary IPv6 connection has a /64 of addresses: counted by its full address, it would beat every
// per-client rule. A visitor is an IPv4 address or an IPv6 /64.

const ONE_NETWORK = (host: number) => `2001:db8:aaaa:bbbb::${host.toString(16)}`;

for (const dialect of testDialects()) {
  describe(`IPv6 visitors on ${dialect}`, () => {
    const t = testAppForBlock(dialect, {
      moderation: moderation({ reportThreshold: 3 }),
    });

    it("counts three reports from three addresses of one /64 as one report: the drawing stays", async () => {
      const { id } = await saveNewDrawing(t.app);
      for (const host of [1, 2, 3]) expect((await report(t.app, id, ONE_NETWORK(host))).statusCode).toBe(202);
      const rows = await t.store.db
        .selectFrom("reports")
        .select("reporter_hash")
        .where("drawing_id", "=", id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(await publicPresence(t.app, id)).toEqual(VISIBLE);
      // Two more networks make three visitors, which is the threshold.
      await report(t.app, id, "2001:db8:aaaa:cccc::1");
      await report(t.app, id, "::ffff:192.0.2.10");
      expect(await publicPresence(t.app, id)).toEqual(GONE);
    });

    it("limits reports per /64, and an IPv4-mapped address is its IPv4 address", async () => {
      const limited = await startTestApp(dialect, { moderation: moderation({ reportRateLimit: 2 }) });
      try {
        await reportLimitPerVisitor(limited);
      } finally {
        await limited.close();
      }
    });
  });
}

/** REPORT_RATE_LIMIT=2: a third report from the same /64, or the same IPv4 address written as IPv6, is 429. */
async function reportLimitPerVisitor(t: TestApp): Promise<void> {
  const drawings = await Promise.all([1, 2, 3].map(() => saveNewDrawing(t.app)));
  const [first, second, third] = drawings.map((drawing) => drawing.id) as [string, string, string];
  expect((await report(t.app, first, "2001:db8:1:2::a")).statusCode).toBe(202);
  expect((await report(t.app, second, "2001:db8:1:2:ffff::b")).statusCode).toBe(202);
  expect((await report(t.app, third, "2001:db8:1:2::c")).statusCode).toBe(429);
  expect((await report(t.app, first, "192.0.2.20")).statusCode).toBe(202);
  expect((await report(t.app, second, "::ffff:192.0.2.20")).statusCode).toBe(202);
  expect((await report(t.app, third, "::ffff:c000:214")).statusCode).toBe(429);
}

describe("IPv6 visitors and the save limit (SAVE_RATE_LIMIT=30)", () => {
  let t: TestApp;
  let png: Buffer;
  beforeAll(async () => {
    t = await startTestApp("sqlite", { edge: { ...DEFAULT_EDGE, saveRateLimit: 30 } });
    png = await drawingPng(600, 600, 61);
  });
  afterAll(async () => {
    await t.close();
  });

  it("lets 35 addresses of one /64 store 30 drawings, not 35", async () => {
    const statuses: number[] = [];
    for (let host = 1; host <= 35; host += 1) {
      const answer = await t.app.inject({
        method: "POST",
        url: "/api/drawings",
        remoteAddress: ONE_NETWORK(host),
        headers: { "content-type": "image/png" },
        payload: png,
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
    expect(await t.count()).toBe(30);
    // Another /64 is another visitor.
    const neighbour = await t.app.inject({
      method: "POST",
      url: "/api/drawings",
      remoteAddress: "2001:db8:aaaa:bbbc::1",
      headers: { "content-type": "image/png" },
      payload: png,
    });
    expect(neighbour.statusCode).toBe(201);
  });
});

describe("IPv6 visitors behind a proxy (TRUST_PROXY=1)", () => {
  it("are keyed by the /64 of the address the proxy names", async () => {
    const t = await startEdgeApp({ SAVE_RATE_LIMIT: "2", TRUST_PROXY: "1" });
    try {
      const png = await drawingPng(600, 600, 62);
      const save = (client: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/drawings",
          remoteAddress: "127.0.0.1",
          headers: { "content-type": "image/png", "x-forwarded-for": client },
          payload: png,
        });
      const statuses = [];
      for (const host of [1, 2, 3]) statuses.push((await save(ONE_NETWORK(host))).statusCode);
      expect(statuses).toEqual([201, 201, 429]);
      expect((await save("2001:db8:ffff:1::1")).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
