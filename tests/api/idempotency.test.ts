import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import type { ApiError, SavedDrawing } from "../../src/common/api.ts";
import { testAppForBlock } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { dataUrlBody, drawingPng } from "./helpers/png.ts";

const png = await drawingPng(600, 600, 21);

for (const dialect of testDialects()) {
  describe(`Idempotency-Key on POST /api/drawings on ${dialect}`, () => {
    const t = testAppForBlock(dialect);

    const save = (key: string | undefined, body: Buffer) =>
      t.app.inject({
        method: "POST",
        url: "/api/drawings",
        headers: { "content-type": "image/png", ...(key === undefined ? {} : { "idempotency-key": key }) },
        payload: body,
      });

    it("answers 201 the first time and 200 with the same body on a retry, storing one row", async () => {
      const before = await t.count();
      const first = await save("retry-key-1", png);
      const second = await save("retry-key-1", png);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(200);
      expect(second.json<SavedDrawing>()).toEqual(first.json<SavedDrawing>());
      expect(await t.count()).toBe(before + 1);
    });

    it("treats the JSON data URL of the same image as the same save", async () => {
      const first = await save("retry-key-json", png);
      const again = await t.app.inject({
        method: "POST",
        url: "/api/drawings",
        headers: { "content-type": "application/json", "idempotency-key": "retry-key-json" },
        payload: dataUrlBody(png),
      });
      expect(again.statusCode).toBe(200);
      expect(again.json<SavedDrawing>().id).toBe(first.json<SavedDrawing>().id);
    });

    it("stores exactly one row when 20 requests with one key race, and all answers name it", async () => {
      const before = await t.count();
      const answers = await Promise.all(Array.from({ length: 20 }, () => save("raced-key", png)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, ...Array<number>(18).fill(200), 201].sort());
      const ids = new Set(answers.map((answer) => answer.json<SavedDrawing>().id));
      expect(ids.size).toBe(1);
      expect(await t.count()).toBe(before + 1);
      const stored = await t.app.inject({ method: "GET", url: answers[0]?.json<SavedDrawing>().url ?? "" });
      expect(stored.statusCode).toBe(200);
    });

    /** `answer` refuses with `status` and `code`, its message says `says`, and no row was stored since `before`. */
    const expectRefusal = async (
      answer: LightMyRequestResponse,
      status: number,
      code: string,
      says: string,
      before: number,
    ) => {
      expect(answer.statusCode).toBe(status);
      const error = answer.json<ApiError>();
      expect(error.code).toBe(code);
      expect(error.message).toContain(says);
      expect(await t.count()).toBe(before);
    };

    it("refuses a key already used for another image with 409 and stores nothing", async () => {
      await save("used-key", png);
      const before = await t.count();
      const other = await save("used-key", await drawingPng(600, 600, 22));
      await expectRefusal(other, 409, "idempotency_key_reused", "already used for another drawing", before);
    });

    it("still stores a new row for every save without a key", async () => {
      const before = await t.count();
      expect((await save(undefined, png)).statusCode).toBe(201);
      expect((await save(undefined, png)).statusCode).toBe(201);
      expect(await t.count()).toBe(before + 2);
    });

    for (const [name, key] of [
      ["an empty key", ""],
      ["a key with a space", "two words"],
      ["a key of 201 characters", "k".repeat(201)],
      ["a key with a non-ASCII character", "clé"],
      ["a key with a tab", "a\tb"],
    ] as const) {
      it(`answers 400 naming the header for ${name}, storing nothing`, async () => {
        const before = await t.count();
        const answer = await t.app.inject({
          method: "POST",
          url: "/api/drawings",
          headers: { "content-type": "image/png", "idempotency-key": key },
          payload: png,
        });
        await expectRefusal(answer, 400, "bad_idempotency_key", "Idempotency-Key", before);
      });
    }

    it("accepts a key of exactly 200 visible characters", async () => {
      expect((await save(`${"~".repeat(199)}!`, png)).statusCode).toBe(201);
    });
  });
}
