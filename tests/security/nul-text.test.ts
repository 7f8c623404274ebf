import { describe, expect, it } from "vitest";
import { testAppForBlock } from "../api/helpers/app.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { moderation, report, saveNewDrawing } from "../api/helpers/moderation.ts";

// PostgreSQL's text cannot hold U+0000 (a report reason with one would answer 500) while SQLite's can. Every text
// on its way to either store loses its NUL characters (db/text-without-nul.ts), so both stores answer alike.

for (const dialect of testDialects()) {
  describe(`text holding U+0000, on ${dialect}`, () => {
    const t = testAppForBlock(dialect, { moderation: moderation() });

    it("is taken as a report reason without its NUL characters, the same on both stores", async () => {
      const { id } = await saveNewDrawing(t.app);
      const answer = await report(t.app, id, "10.90.0.1", { reason: "rude\u0000 drawing\u0000" });
      expect(answer.statusCode).toBe(202);
      const row = await t.store.db
        .selectFrom("reports")
        .select("reason")
        .where("drawing_id", "=", id)
        .executeTakeFirst();
      expect(row?.reason).toBe("rude drawing");
    });

    it("fails no query anywhere it can reach: a reason of NUL alone, and NUL in other fields, never 500", async () => {
      const { id } = await saveNewDrawing(t.app);
      expect((await report(t.app, id, "10.90.0.2", { reason: "\u0000" })).statusCode).toBe(202);
      const elsewhere = [
        await t.app.inject({ method: "GET", url: "/api/drawings?before=%00" }),
        await t.app.inject({ method: "GET", url: `/api/drawings/${id.slice(0, 11)}%00.png` }),
        await t.app.inject({ method: "GET", url: "/d/AAAAAAAAAAA%00" }),
      ];
      for (const answer of elsewhere) expect(answer.statusCode).toBeLessThan(500);
      expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    });
  });
}
