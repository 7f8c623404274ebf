import { describe, expect, it } from "vitest";
import type { ApiError, SavedDrawing } from "../../src/common/api.ts";
import { MAX_UPLOAD_BYTES } from "../../src/common/constants.ts";
import { testAppForBlock } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { dataUrlBody, drawingJpeg, drawingPng } from "./helpers/png.ts";

interface BadUpload {
  readonly name: string;
  readonly headers: Record<string, string>;
  readonly payload: () => Promise<Buffer | string | undefined>;
  readonly status: number;
  readonly code: string;
  /** Words the message must contain, so it names the problem. */
  readonly says: readonly (string | RegExp)[];
}

const png = { "content-type": "image/png" };
const json = { "content-type": "application/json" };
const jsonOf = (value: unknown) => async () => JSON.stringify(value);

const badUploads: readonly BadUpload[] = [
  {
    name: "text sent as image/png",
    headers: png,
    payload: async () => Buffer.from("hello, this is not an image"),
    status: 400,
    code: "not_png",
    says: ["not a PNG"],
  },
  {
    name: "a JPEG sent as image/png",
    headers: png,
    payload: drawingJpeg,
    status: 400,
    code: "not_png",
    says: ["not a PNG", "JPEG"],
  },
  {
    name: "a PNG cut in half",
    headers: png,
    payload: async () => {
      const whole = await drawingPng();
      return whole.subarray(0, Math.floor(whole.length / 2));
    },
    status: 400,
    code: "undecodable_png",
    says: ["could not be decoded", "truncated"],
  },
  {
    name: "a PNG cut inside its header",
    headers: png,
    payload: async () => (await drawingPng()).subarray(0, 20),
    status: 400,
    code: "truncated_png",
    says: ["truncated"],
  },
  {
    name: "a 601 x 600 PNG",
    headers: png,
    payload: () => drawingPng(601, 600),
    status: 400,
    code: "wrong_size",
    says: ["601 x 600", "600 x 600"],
  },
  {
    name: "a 1 x 1 PNG",
    headers: png,
    payload: () => drawingPng(1, 1),
    status: 400,
    code: "wrong_size",
    says: ["1 x 1", "600 x 600"],
  },
  {
    name: "a raw body over 2 MiB",
    headers: png,
    payload: async () => Buffer.concat([await drawingPng(), Buffer.alloc(MAX_UPLOAD_BYTES)]),
    status: 413,
    code: "too_large",
    says: ["2 MiB"],
  },
  {
    name: "a data URL holding over 2 MiB",
    headers: json,
    payload: async () =>
      JSON.stringify(dataUrlBody(Buffer.concat([await drawingPng(), Buffer.alloc(MAX_UPLOAD_BYTES)]))),
    status: 413,
    code: "too_large",
    says: ["2 MiB"],
  },
  {
    name: "broken JSON",
    headers: json,
    payload: async () => '{"image_data": "data:image/png;base64,',
    status: 400,
    code: "bad_json",
    says: ["not valid JSON"],
  },
  {
    name: "an empty JSON body",
    headers: json,
    payload: async () => "",
    status: 400,
    code: "empty_body",
    says: ["empty"],
  },
  {
    name: "a JSON array",
    headers: json,
    payload: jsonOf([1, 2]),
    status: 400,
    code: "invalid_request",
    says: ["must be object"],
  },
  {
    name: "JSON without image_data",
    headers: json,
    payload: jsonOf({}),
    status: 400,
    code: "missing_field",
    says: ['"image_data"'],
  },
  {
    name: "JSON with an unknown field",
    headers: json,
    payload: async () => JSON.stringify({ ...dataUrlBody(await drawingPng()), title: "mine" }),
    status: 400,
    code: "unknown_field",
    says: ['"title"'],
  },
  {
    name: "image_data that is not a string",
    headers: json,
    payload: jsonOf({ image_data: 42 }),
    status: 400,
    code: "invalid_request",
    says: ['"image_data"', "string"],
  },
  {
    name: "a JPEG data URL",
    headers: json,
    payload: async () =>
      JSON.stringify({ image_data: `data:image/jpeg;base64,${(await drawingJpeg()).toString("base64")}` }),
    status: 400,
    code: "bad_data_url",
    says: ["data:image/png;base64,", "data:image/jpeg"],
  },
  {
    name: "a data URL with invalid base64",
    headers: json,
    payload: jsonOf({ image_data: "data:image/png;base64,iVBORw0K@@@!!" }),
    status: 400,
    code: "bad_data_url",
    says: ["not valid base64"],
  },
  {
    name: "a data URL with nothing after the prefix",
    headers: json,
    payload: jsonOf({ image_data: "data:image/png;base64," }),
    status: 400,
    code: "empty_body",
    says: ["no image"],
  },
  {
    name: "a data URL whose bytes are not a PNG",
    headers: json,
    payload: jsonOf({ image_data: `data:image/png;base64,${Buffer.from("<svg></svg>").toString("base64")}` }),
    status: 400,
    code: "not_png",
    says: ["not a PNG", "SVG"],
  },
  {
    name: "a PNG sent as text/plain",
    headers: { "content-type": "text/plain" },
    payload: async () => (await drawingPng()).toString("latin1"),
    status: 415,
    code: "unsupported_media_type",
    says: ['"text/plain"', "image/png"],
  },
  {
    name: "a JPEG sent as image/jpeg",
    headers: { "content-type": "image/jpeg" },
    payload: drawingJpeg,
    status: 415,
    code: "unsupported_media_type",
    says: ['"image/jpeg"', "image/png"],
  },
  {
    name: "an empty image/png body",
    headers: png,
    payload: async () => Buffer.alloc(0),
    status: 400,
    code: "empty_body",
    says: ["empty"],
  },
  {
    name: "no body and no content type",
    headers: {},
    payload: async () => undefined,
    status: 415,
    code: "unsupported_media_type",
    says: ["(none)", "send the PNG bytes"],
  },
];

for (const dialect of testDialects()) {
  describe(`POST /api/drawings on ${dialect}`, () => {
    const t = testAppForBlock(dialect);

    it("stores a raw image/png upload and answers 201 with id, url and createdAt", async () => {
      const before = await t.count();
      const response = await t.app.inject({
        method: "POST",
        url: "/api/drawings",
        headers: png,
        payload: await drawingPng(),
      });
      expect(response.statusCode).toBe(201);
      const saved = response.json<SavedDrawing>();
      expect(saved.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(saved.url).toBe(`/api/drawings/${saved.id}.png`);
      expect(Number.isNaN(Date.parse(saved.createdAt))).toBe(false);
      expect(await t.count()).toBe(before + 1);
    });

    it("stores the spec's JSON data-URL upload and answers 201", async () => {
      const before = await t.count();
      const response = await t.app.inject({
        method: "POST",
        url: "/api/drawings",
        payload: dataUrlBody(await drawingPng(600, 600, 5)),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json<SavedDrawing>().url).toMatch(/^\/api\/drawings\/[A-Za-z0-9_-]{12}\.png$/);
      expect(await t.count()).toBe(before + 1);
    });

    for (const bad of badUploads) {
      it(`refuses ${bad.name} with ${bad.status} ${bad.code} and stores nothing`, async () => {
        const before = await t.count();
        const payload = await bad.payload();
        const response = await t.app.inject({
          method: "POST",
          url: "/api/drawings",
          headers: bad.headers,
          ...(payload === undefined ? {} : { payload }),
        });
        expect(response.statusCode).toBe(bad.status);
        expect(response.headers["content-type"]).toMatch(/^application\/json/);
        const body = response.json<ApiError>();
        expect(body).toEqual({ statusCode: bad.status, code: bad.code, message: expect.any(String) });
        for (const words of bad.says) expect(body.message).toMatch(words);
        expect(body.message).not.toMatch(/\bat .*\.(ts|js):\d+|SELECT|INSERT/i);
        expect(await t.count()).toBe(before);
      });
    }
  });
}
