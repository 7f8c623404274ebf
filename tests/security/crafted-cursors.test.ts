import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { saveNewDrawing } from "../api/helpers/moderation.ts";

// A Top cursor whose count is 2^31 (`integer out of range`) or whose date is year 0000 would answer 500 with a
// stack trace on PostgreSQL and 200 on SQLite. Every field of a cursor is range-checked where it is decoded, the
// same on both stores: anything outside answers 400 bad_cursor.

/** A cursor as the server writes one, from its fields (the encoding is plain base64url of `|`-joined text). */
const cursor = (...fields: string[]) => Buffer.from(fields.join("|"), "utf8").toString("base64url");
const ID = "AAAAAAAAAAAA";
const TIME = "2026-11-20T10:00:00.000Z";

const CRAFTED: readonly [string, string][] = [
  ["a Top count of 2^31", `sort=top&window=all&before=${cursor("top", "all", "", "2147483648", TIME, ID)}`],
  [
    "a Top count of ten digits",
    `sort=top&window=all&before=${cursor("top", "all", "", "9999999999", TIME, ID)}`,
  ],
  [
    "a Top date in year 0000",
    `sort=top&window=all&before=${cursor("top", "all", "", "3", "0000-01-01T00:00:00.000Z", ID)}`,
  ],
  [
    "a Top week starting in year 0000",
    `sort=top&window=week&before=${cursor("top", "week", "0000-01-01", "3", TIME, ID)}`,
  ],
  [
    "a Top date before 1970",
    `sort=top&window=all&before=${cursor("top", "all", "", "3", "1969-12-31T23:59:59.999Z", ID)}`,
  ],
  ["a New date in year 0000", `before=${cursor("0000-01-01T00:00:00.000Z", ID)}`],
];

for (const dialect of testDialects()) {
  describe(`crafted wall cursors on ${dialect}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      await saveNewDrawing(t.app);
    });
    afterAll(async () => {
      await t.close();
    });

    for (const [name, query] of CRAFTED) {
      it(`answers ${name} 400 bad_cursor, never 500 and never a page`, async () => {
        const answer = await t.app.inject({ method: "GET", url: `/api/drawings?${query}` });
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({ code: "bad_cursor" });
      });
    }

    it("still takes the largest count and the widest dates a cursor may name", async () => {
      const edge = [
        `sort=top&window=all&before=${cursor("top", "all", "", "2147483647", "9999-12-31T23:59:59.999Z", ID)}`,
        `sort=top&window=all&before=${cursor("top", "all", "", "0", "1970-01-01T00:00:00.000Z", ID)}`,
      ];
      for (const query of edge) {
        expect((await t.app.inject({ method: "GET", url: `/api/drawings?${query}` })).statusCode).toBe(200);
      }
    });
  });
}
