import { deflateSync, inflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ApiError, SavedDrawing } from "../../src/common/api.ts";
import { decodeRgba } from "../../src/server/png/reencode.ts";
import { chunksOf, IEND, ihdr, type PngChunk, pngOf } from "../fixtures/png-crafting.ts";
import { testAppForBlock } from "./helpers/app.ts";
import { drawingPng } from "./helpers/png.ts";

// The save path proves decodability with one bounded inflate and no pixel decode (docs/decisions/0006):
// these are the damages only that proof catches, and the PNG kinds it must still let through.

const ROW = 1 + 600 * 3;

/** A 600 x 600 RGB PNG whose scanlines are `raw` (filter byte + 1,800 bytes each), one IDAT. */
function rgbPng(raw: Buffer, extra: readonly PngChunk[] = []): Buffer {
  return pngOf([ihdr(600, 600, 8, 2), ...extra, { type: "IDAT", data: deflateSync(raw) }, IEND]);
}

/** White scanlines, all filter type 0. */
function whiteScanlines(): Buffer {
  const raw = Buffer.alloc(600 * ROW, 0xff);
  for (let row = 0; row < 600; row += 1) raw[row * ROW] = 0;
  return raw;
}

/** The PNG's chunks with `change` applied to the list. */
function rechunk(png: Buffer, change: (chunks: PngChunk[]) => PngChunk[]): Buffer {
  return pngOf(change(chunksOf(png)));
}

const text: PngChunk = { type: "tEXt", data: Buffer.from("Comment\0between") };

describe("proving a PNG decodes without decoding it", () => {
  const t = testAppForBlock("sqlite");

  const upload = (payload: Buffer) =>
    t.app.inject({ method: "POST", url: "/api/drawings", headers: { "content-type": "image/png" }, payload });

  async function refused(payload: Buffer, code: string, says: string): Promise<void> {
    const before = await t.count();
    const response = await upload(payload);
    expect(response.statusCode).toBe(400);
    const answer = response.json<ApiError>();
    expect(answer.code).toBe(code);
    expect(answer.message).toContain(says);
    expect(await t.count()).toBe(before);
  }

  it("accepts the crafted RGB PNG these cases start from", async () => {
    expect((await upload(rgbPng(whiteScanlines()))).statusCode).toBe(201);
  });

  it("refuses image data of exactly the right size whose scanline names filter type 5", async () => {
    const raw = whiteScanlines();
    raw[299 * ROW] = 5;
    await refused(rgbPng(raw), "bad_scanline_filter", "scanline 300 names filter type 5");
  });

  it("refuses a bad filter byte in the last Adam7 pass of an interlaced PNG", async () => {
    const interlaced = await sharp(await drawingPng())
      .png({ progressive: true, compressionLevel: 0 })
      .toBuffer();
    const chunks = chunksOf(interlaced);
    const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === "IDAT").map((c) => c.data)));
    // The 7th pass holds the odd rows at full width: 300 scanlines, the last one ends the data.
    raw[raw.length - ROW] = 9;
    const damaged = pngOf([
      ...chunks.filter((c) => c.type !== "IDAT" && c.type !== "IEND"),
      { type: "IDAT", data: deflateSync(raw) },
      IEND,
    ]);
    await refused(damaged, "bad_scanline_filter", "filter type 9");
  });

  it("refuses image data split by another chunk", async () => {
    const raw = deflateSync(whiteScanlines());
    const half = Math.floor(raw.length / 2);
    const split = pngOf([
      ihdr(600, 600, 8, 2),
      { type: "IDAT", data: raw.subarray(0, half) },
      text,
      { type: "IDAT", data: raw.subarray(half) },
      IEND,
    ]);
    await refused(split, "misplaced_chunk", "IDAT chunks separated");
  });

  it("refuses a second IHDR and a PLTE in a greyscale image", async () => {
    await refused(rgbPng(whiteScanlines(), [ihdr(600, 600, 8, 2)]), "misplaced_chunk", "second IHDR");
    const grey = pngOf([
      ihdr(600, 600, 8, 0),
      { type: "PLTE", data: Buffer.alloc(6) },
      { type: "IDAT", data: deflateSync(Buffer.alloc(600 * 601)) },
      IEND,
    ]);
    await refused(grey, "misplaced_chunk", "PLTE chunk in a greyscale image");
  });

  it("refuses a palette image without PLTE, or with a palette too big for its bit depth", async () => {
    const palette = await sharp(await drawingPng())
      .png({ palette: true, colours: 16 })
      .toBuffer();
    expect((await sharp(palette).metadata()).bitsPerSample).toBe(4);
    await refused(
      rechunk(palette, (chunks) => chunks.filter((c) => c.type !== "PLTE" && c.type !== "tRNS")),
      "invalid_palette",
      "without a PLTE chunk",
    );
    await refused(
      rechunk(palette, (chunks) =>
        chunks.map((c) => (c.type === "PLTE" ? { type: "PLTE", data: Buffer.alloc(17 * 3) } : c)),
      ),
      "invalid_palette",
      "1 to 16 colours",
    );
  });

  it("refuses a tRNS chunk that does not fit the colour type", async () => {
    await refused(
      rgbPng(whiteScanlines(), [{ type: "tRNS", data: Buffer.alloc(2) }]),
      "invalid_transparency",
      "tRNS",
    );
    const rgba = await sharp(await drawingPng())
      .ensureAlpha()
      .png()
      .toBuffer();
    const withTrns = rechunk(rgba, (chunks) => [
      chunks[0] as PngChunk,
      { type: "tRNS", data: Buffer.alloc(6) },
      ...chunks.slice(1),
    ]);
    await refused(withTrns, "invalid_transparency", "colour type 6");
  });

  const accepted: readonly { name: string; make: () => Promise<Buffer> }[] = [
    {
      name: "an interlaced palette PNG with transparency",
      make: async () =>
        sharp(await drawingPng())
          .ensureAlpha(0.5)
          .png({ palette: true, progressive: true })
          .toBuffer(),
    },
    {
      name: "a 1-bit palette PNG",
      make: async () =>
        sharp(await drawingPng())
          .png({ palette: true, colours: 2 })
          .toBuffer(),
    },
    {
      name: "an RGB PNG with a suggested palette and a tRNS colour",
      make: async () =>
        rgbPng(whiteScanlines(), [
          { type: "PLTE", data: Buffer.from([255, 255, 255]) },
          { type: "tRNS", data: Buffer.alloc(6, 0xff) },
        ]),
    },
    {
      name: "an interlaced greyscale PNG (colour type 0)",
      make: async () =>
        sharp(await drawingPng())
          .toColourspace("b-w")
          .png({ progressive: true })
          .toBuffer(),
    },
  ];

  for (const kind of accepted) {
    it(`accepts ${kind.name}, stored with the same pixels`, async () => {
      const png = await kind.make();
      const response = await upload(png);
      expect(response.statusCode).toBe(201);
      const stored = await t.app.inject({ method: "GET", url: response.json<SavedDrawing>().url });
      expect((await decodeRgba(stored.rawPayload)).equals(await decodeRgba(png))).toBe(true);
    });
  }
});
