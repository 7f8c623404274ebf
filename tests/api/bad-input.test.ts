import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ApiError, SavedDrawing } from "../../src/common/api.ts";
import type { BadRequestCase } from "../fixtures/bad-upload-case.ts";
import { generatedBody } from "../fixtures/generated-body.ts";
import { testAppForBlock } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { drawingPng } from "./helpers/png.ts";

const CORPUS = join(import.meta.dirname, "..", "fixtures", "bad-uploads");
const cases: BadRequestCase[] = JSON.parse(readFileSync(join(CORPUS, "manifest.json"), "utf8"));

/** The request body of a case: its committed file, or one made now (too big to commit). */
async function bodyOf(badCase: BadRequestCase): Promise<Buffer | undefined> {
  if (badCase.file !== undefined) return readFileSync(join(CORPUS, badCase.file));
  return generatedBody(badCase.generate);
}

/** PNG kinds other than the canvas's own 8-bit RGBA that decode to exact pixels (decision 0006). */
const acceptedKinds: readonly { name: string; make: () => Promise<Buffer> }[] = [
  {
    name: "a palette PNG",
    make: async () =>
      sharp(await drawingPng())
        .png({ palette: true })
        .toBuffer(),
  },
  {
    name: "an 8-bit greyscale PNG",
    make: async () =>
      sharp(await drawingPng())
        .greyscale()
        .png()
        .toBuffer(),
  },
  {
    name: "an interlaced PNG",
    make: async () =>
      sharp(await drawingPng())
        .png({ progressive: true })
        .toBuffer(),
  },
  {
    name: "an 8-bit RGBA PNG",
    make: async () =>
      sharp(await drawingPng())
        .ensureAlpha()
        .png()
        .toBuffer(),
  },
];

describe("the bad-upload corpus", () => {
  it("holds at least 40 malformed requests, each expecting a 4xx", () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    for (const badCase of cases) expect(badCase.status, badCase.name).toBeGreaterThanOrEqual(400);
    for (const badCase of cases) expect(badCase.status, badCase.name).toBeLessThan(500);
  });
});

for (const dialect of testDialects()) {
  describe(`bad input on ${dialect}`, () => {
    const t = testAppForBlock(dialect);

    for (const badCase of cases) {
      it(`answers ${badCase.name} with ${badCase.status} ${badCase.code}, stores nothing and stays healthy`, async () => {
        const before = await t.count();
        const body = await bodyOf(badCase);
        const response = await t.app.inject({
          method: badCase.method as "GET",
          url: badCase.path,
          headers: badCase.contentType === undefined ? {} : { "content-type": badCase.contentType },
          ...(body === undefined ? {} : { payload: body }),
        });
        expect(response.statusCode).toBe(badCase.status);
        expect(response.headers["content-type"]).toMatch(/^application\/json/);
        const answer = response.json<ApiError>();
        expect(answer).toEqual({
          statusCode: badCase.status,
          code: badCase.code,
          message: expect.any(String),
        });
        for (const words of badCase.says) expect(answer.message).toContain(words);
        expect(answer.message).not.toMatch(/\bat .*\.(ts|js):\d+|SELECT|INSERT|sqlite|postgres/i);
        expect(answer.message.length).toBeLessThan(600);
        expect(await t.count()).toBe(before);
        const health = await t.app.inject({ method: "GET", url: "/healthz" });
        expect(health.statusCode).toBe(200);
      });
    }

    for (const kind of acceptedKinds) {
      it(`accepts ${kind.name} and stores a PNG that decodes to 600 x 600`, async () => {
        const before = await t.count();
        const response = await t.app.inject({
          method: "POST",
          url: "/api/drawings",
          headers: { "content-type": "image/png" },
          payload: await kind.make(),
        });
        expect(response.statusCode).toBe(201);
        expect(await t.count()).toBe(before + 1);
        const stored = await t.app.inject({ method: "GET", url: response.json<SavedDrawing>().url });
        const meta = await sharp(stored.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["png", 600, 600]);
      });
    }
  });
}
