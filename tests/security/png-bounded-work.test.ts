import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "../../src/common/constants.ts";
import { HttpError } from "../../src/server/http/errors.ts";
import { MAX_CHUNKS } from "../../src/server/png/chunks.ts";
import { validateDrawingPng } from "../../src/server/png/validate.ts";
import { newPngWork, type PngWork } from "../../src/server/png/work.ts";
import { drawingPng } from "../api/helpers/png.ts";
import {
  chunkBytes,
  chunksOf,
  IEND,
  manyChunkPng,
  noisyPng,
  PNG_SIGNATURE,
  type PngChunk,
  pngOf,
  splitImageData,
} from "../fixtures/png-crafting.ts";

// A valid PNG of 160,000 one-byte chunks costs 190 ms of synchronous work to walk whole. Validation must stay
// within a few milliseconds whatever the input of at most 2 MiB; that is proven here by bounding the work it
// does (timing is measured by `npm run bench`, never asserted): at most MAX_CHUNKS chunks read, each byte
// checksummed at most once, one inflate of at most the whole input (itself stopped at the image's size).

const SEED = 20261301;
const CORPUS = join(import.meta.dirname, "..", "fixtures", "bad-uploads");

/** Validates and returns what it cost and how it ended; anything but a refusal (HttpError) fails the test. */
async function validated(bytes: Buffer): Promise<{ work: PngWork; code: string }> {
  const work = newPngWork();
  try {
    await validateDrawingPng(bytes, work);
    return { work, code: "accepted" };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { work, code: error.code };
  }
}

/** The bounds that keep validation's time bounded, whatever the bytes. */
function expectBoundedWork(bytes: Buffer, work: PngWork): void {
  expect(work.chunks).toBeLessThanOrEqual(MAX_CHUNKS);
  expect(work.checksummedBytes).toBeLessThanOrEqual(bytes.length);
  expect(work.inflateCalls).toBeLessThanOrEqual(1);
  expect(work.inflatedFromBytes).toBeLessThanOrEqual(bytes.length);
}

describe("validating an upload does bounded work, whatever its at most 2 MiB", () => {
  let noisy: Buffer;
  let small: Buffer;
  beforeAll(async () => {
    noisy = noisyPng();
    small = await drawingPng(600, 600, 9);
  });

  it("refuses the attack run's 150,000-chunk PNG after MAX_CHUNKS chunks, before inflating anything", async () => {
    const bytes = manyChunkPng();
    expect(bytes.length).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
    expect(chunksOf(bytes).length).toBeGreaterThan(150_000);
    // It is a real PNG: the decoder reads it.
    expect((await sharp(bytes, { failOn: "error" }).metadata()).width).toBe(600);
    const { work, code } = await validated(bytes);
    expect(code).toBe("too_many_chunks");
    expect(work.chunks).toBe(MAX_CHUNKS);
    expect(work.inflateCalls).toBe(0);
  });

  it("accepts the same pixels in MAX_CHUNKS chunks, as an encoder with small chunks might write them", async () => {
    const idatBytes = chunksOf(noisy).find((chunk) => chunk.type === "IDAT")?.data.length ?? 0;
    const pieces = Math.ceil(idatBytes / (MAX_CHUNKS - 2));
    const bytes = splitImageData(noisy, pieces);
    expect(chunksOf(bytes).length).toBeLessThanOrEqual(MAX_CHUNKS);
    const { work, code } = await validated(bytes);
    expect(code).toBe("accepted");
    expectBoundedWork(bytes, work);
  });

  it("stays within the bounds on every image of the bad-upload corpus", async () => {
    for (const file of readdirSync(CORPUS).filter((name) => name.endsWith(".bin"))) {
      const bytes = readFileSync(join(CORPUS, file));
      const { work } = await validated(bytes);
      expectBoundedWork(bytes, work);
    }
  });

  it("stays within the bounds on valid images re-split into any number of chunks", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 200_000 }), fc.boolean(), async (pieceBytes, large) => {
        const bytes = splitImageData(large ? noisy : small, pieceBytes);
        fc.pre(bytes.length <= MAX_UPLOAD_BYTES);
        const { work, code } = await validated(bytes);
        expectBoundedWork(bytes, work);
        expect(["accepted", "too_many_chunks"]).toContain(code);
        // The meter counts what really happened: every chunk up to the limit was read.
        expect(work.chunks).toBe(Math.min(MAX_CHUNKS, chunksOf(bytes).length));
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it("stays within the bounds on floods of ancillary chunks, however small", async () => {
    const [header, ...rest] = chunksOf(small);
    const arbitrary = fc.record({
      count: fc.integer({ min: 0, max: 150_000 }),
      size: fc.integer({ min: 0, max: 64 }),
      type: fc.constantFrom("tEXt", "prVt", "zzZz", "gAMA"),
    });
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ count, size, type }) => {
        const filler = chunkBytes(type, Buffer.alloc(size, 0x41));
        const bytes = Buffer.concat([
          pngOf([header as PngChunk]),
          ...new Array<Buffer>(count).fill(filler),
          pngOf(rest).subarray(PNG_SIGNATURE.length),
        ]);
        fc.pre(bytes.length <= MAX_UPLOAD_BYTES);
        const { work } = await validated(bytes);
        expectBoundedWork(bytes, work);
      }),
      { seed: SEED + 1, numRuns: 40 },
    );
  });

  it("stays within the bounds on random bytes behind a real header", async () => {
    const head = small.subarray(0, 33);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 256 * 1024 }), fc.boolean(), async (random, headed) => {
        const bytes = Buffer.concat([headed ? head : PNG_SIGNATURE, random, pngOf([IEND]).subarray(8)]);
        const { work } = await validated(bytes);
        expectBoundedWork(bytes, work);
      }),
      { seed: SEED + 2, numRuns: 100 },
    );
  });
});
