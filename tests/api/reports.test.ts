import { describe, expect, it } from "vitest";
import type { ApiError } from "../../src/common/api.ts";
import { testAppForBlock } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { GONE, moderation, recordEvents, siteOf, VISIBLE } from "./helpers/moderation.ts";

for (const dialect of testDialects()) {
  describe(`reports on ${dialect} (REPORT_THRESHOLD=3)`, () => {
    const t = testAppForBlock(dialect, { moderation: moderation({ reportThreshold: 3 }) });
    const site = siteOf(t);

    it("keeps a drawing visible below the threshold and hides it everywhere at the threshold, announcing its removal", async () => {
      const { id } = await site.save();
      const recorder = recordEvents(t.store);
      expect((await site.report(id, "10.1.0.1")).statusCode).toBe(202);
      expect((await site.report(id, "10.1.0.2", { reason: "not nice" })).statusCode).toBe(202);
      expect(await site.presence(id)).toEqual(VISIBLE);
      const third = await site.report(id, "10.1.0.3");
      expect(third.statusCode).toBe(202);
      expect(third.json()).toEqual({ status: "received" });
      expect(await site.presence(id)).toEqual(GONE);
      await recorder.waitFor((event) => event.type === "removed" && event.id === id, "removed");
      recorder.stop();
      // Not public any more, so it cannot be reported either.
      expect((await site.report(id, "10.1.0.4")).statusCode).toBe(404);
    });

    it("counts the same client reporting twice once", async () => {
      const { id } = await site.save();
      for (let i = 0; i < 5; i += 1) expect((await site.report(id, "10.2.0.1")).statusCode).toBe(202);
      expect((await site.report(id, "10.2.0.2")).statusCode).toBe(202);
      expect(await site.presence(id)).toEqual(VISIBLE);
      const rows = await t.store.db.selectFrom("reports").selectAll().where("drawing_id", "=", id).execute();
      expect(rows).toHaveLength(2);
      // A salted hash, never the address itself.
      for (const row of rows) expect(row.reporter_hash).not.toContain("10.2.0");
    });

    it("does not hide again a drawing a moderator restored, until new reports reach the threshold", async () => {
      const { id } = await site.save();
      for (const client of ["10.3.0.1", "10.3.0.2", "10.3.0.3"]) await site.report(id, client);
      expect(await site.presence(id)).toEqual(GONE);
      expect((await site.adminPost(id, "restore")).statusCode).toBe(200);
      expect(await site.presence(id)).toEqual(VISIBLE);
      // One of the old reporters reports again: one new report, not four.
      await site.report(id, "10.3.0.1");
      await site.report(id, "10.3.0.4");
      expect(await site.presence(id)).toEqual(VISIBLE);
      await site.report(id, "10.3.0.5");
      expect(await site.presence(id)).toEqual(GONE);
    });

    it("answers 404 for unknown, malformed and pending ids, and 400 for a reason that is too long or not a string", async () => {
      expect((await site.report("AAAAAAAAAAAA", "10.4.0.1")).statusCode).toBe(404);
      expect((await site.report("..%2F..%2Fx", "10.4.0.1")).statusCode).toBe(404);
      const { id } = await site.save();
      await t.store.db.updateTable("drawings").set({ status: "pending" }).where("id", "=", id).execute();
      expect((await site.report(id, "10.4.0.1")).statusCode).toBe(404);
      const visible = await site.save();
      const long = await site.report(visible.id, "10.4.0.1", { reason: "x".repeat(201) });
      expect(long.statusCode).toBe(400);
      expect(long.json<ApiError>().code).toBe("bad_report");
      expect((await site.report(visible.id, "10.4.0.1", { reason: 5 })).statusCode).toBe(400);
      expect((await site.report(visible.id, "10.4.0.1", { other: "x" })).statusCode).toBe(400);
      expect((await site.report(visible.id, "10.4.0.1", { reason: "x".repeat(200) })).statusCode).toBe(202);
    });
  });
}

describe("report rate limit (REPORT_RATE_LIMIT=2 per hour)", () => {
  const t = testAppForBlock("sqlite", {
    moderation: moderation({ reportRateLimit: 2, reportRateWindowSeconds: 3600, reportThreshold: 100 }),
  });
  const site = siteOf(t);

  it("answers 429 with Retry-After past the limit, and other clients still report", async () => {
    const { id } = await site.save();
    const other = await site.save();
    expect((await site.report(id, "10.5.0.1")).statusCode).toBe(202);
    expect((await site.report(other.id, "10.5.0.1")).statusCode).toBe(202);
    const refused = await site.report(id, "10.5.0.1");
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json<ApiError>().code).toBe("rate_limited");
    expect((await site.report(id, "10.5.0.2")).statusCode).toBe(202);
  });
});
