import fc from "fast-check";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ApiError, SavedDrawing } from "../../src/common/api.ts";
import { chunksOf, PNG_SIGNATURE, type PngChunk, pngOf, splitImageData } from "../fixtures/png-crafting.ts";
import { testAppForBlock } from "./helpers/app.ts";
import { drawingPng } from "./helpers/png.ts";

/** Fixed seeds: a failure reproduces, and the suite costs the same every run. */
const SEED = 20261122;
const RUNS = 300;

/** One way to damage a valid PNG. */
type Mutation =
  | { kind: "flip"; at: number; bit: number }
  | { kind: "cut"; at: number }
  | { kind: "duplicate"; chunk: number }
  | { kind: "drop"; chunk: number }
  | { kind: "length"; chunk: number; value: number }
  | { kind: "rewrite"; chunk: number; at: number; byte: number }
  | { kind: "retype"; chunk: number; type: string }
  | { kind: "split"; bytes: number };

const LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"];

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant("cut" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("duplicate" as const), chunk: fc.nat() }),
  fc.record({ kind: fc.constant("drop" as const), chunk: fc.nat() }),
  fc.record({ kind: fc.constant("length" as const), chunk: fc.nat(), value: fc.nat({ max: 0xffffffff }) }),
  // Changes a chunk's data and gives it a correct CRC, so the damage reaches zlib and the decoder.
  fc.record({
    kind: fc.constant("rewrite" as const),
    chunk: fc.nat(),
    at: fc.nat(),
    byte: fc.nat({ max: 255 }),
  }),
  // Gives a chunk another type (with a correct CRC): private, reserved-bit and unknown critical chunks.
  fc.record({
    kind: fc.constant("retype" as const),
    chunk: fc.nat(),
    type: fc
      .array(fc.constantFrom(...LETTERS), { minLength: 4, maxLength: 4 })
      .map((letters) => letters.join("")),
  }),
  // Re-splits the image data into IDAT chunks of this many bytes: same pixels, up to thousands of chunks.
  fc.record({ kind: fc.constant("split" as const), bytes: fc.integer({ min: 1, max: 70_000 }) }),
);

/** Seeds every run starts with: the attack run's poison chunk and many-chunk cases. */
const SEEDED_MUTATIONS: Mutation[][] = [
  [{ kind: "retype", chunk: 1, type: "abcd" }],
  [{ kind: "retype", chunk: 1, type: "aBcd" }],
  [{ kind: "split", bytes: 1 }],
  [{ kind: "split", bytes: 64 }],
];

/** Applies mutations in order; chunk indexes and byte offsets wrap to the current file. */
function mutate(png: Buffer, mutations: readonly Mutation[]): Buffer {
  let bytes: Buffer = Buffer.from(png);
  for (const change of mutations) {
    const chunks = chunksOf(bytes);
    const pick = (index: number): number => index % Math.max(1, chunks.length);
    switch (change.kind) {
      case "flip": {
        const at = change.at % bytes.length;
        bytes[at] = (bytes[at] ?? 0) ^ (1 << change.bit);
        break;
      }
      case "cut":
        bytes = bytes.subarray(0, change.at % (bytes.length + 1));
        break;
      case "duplicate":
      case "drop": {
        const index = pick(change.chunk);
        const copy = chunks.slice();
        const target = copy[index];
        if (target === undefined) break;
        copy.splice(index, 1, ...(change.kind === "duplicate" ? [target, target] : []));
        bytes = pngOf(copy);
        break;
      }
      case "length": {
        const offset = chunkOffset(chunks, pick(change.chunk));
        if (offset + 4 <= bytes.length) bytes.writeUInt32BE(change.value, offset);
        break;
      }
      case "rewrite": {
        const index = pick(change.chunk);
        const target = chunks[index];
        if (target === undefined || target.data.length === 0) break;
        const data = Buffer.from(target.data);
        data[change.at % data.length] = change.byte;
        bytes = pngOf(chunks.map((chunk, i) => (i === index ? { type: chunk.type, data } : chunk)));
        break;
      }
      case "retype": {
        const index = pick(change.chunk);
        bytes = pngOf(
          chunks.map((chunk, i) => (i === index ? { type: change.type, data: chunk.data } : chunk)),
        );
        break;
      }
      case "split":
        bytes = splitImageData(bytes, change.bytes);
        break;
    }
  }
  return bytes;
}

/** Where a chunk starts in the file that chunksOf read. */
function chunkOffset(chunks: readonly PngChunk[], index: number): number {
  return chunks
    .slice(0, index)
    .reduce((offset, chunk) => offset + 12 + chunk.data.length, PNG_SIGNATURE.length);
}

const valid = await drawingPng(600, 600, 3);

describe("fuzzing the upload path", () => {
  const t = testAppForBlock("sqlite");

  /**
   * Uploads bytes; a 201 must hold a stored PNG of 600 x 600, anything else must be a 4xx ApiError. `seen`
   * counts the statuses, so a test can show that its inputs reach both acceptance and refusal.
   */
  async function uploadNeverBreaks(bytes: Buffer, seen: Map<number, number>): Promise<void> {
    const before = await t.count();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/drawings",
      headers: { "content-type": "image/png" },
      payload: bytes,
    });
    seen.set(response.statusCode, (seen.get(response.statusCode) ?? 0) + 1);
    if (response.statusCode === 201) {
      expect(await t.count()).toBe(before + 1);
      const stored = await t.app.inject({ method: "GET", url: response.json<SavedDrawing>().url });
      const { info } = await sharp(stored.rawPayload, { failOn: "error" })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([600, 600]);
      return;
    }
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json<ApiError>().statusCode).toBe(response.statusCode);
    expect(await t.count()).toBe(before);
  }

  /** Statuses are 201 or 4xx only, and the server still answers its health check. */
  async function expectHealthyAfter(seen: ReadonlyMap<number, number>): Promise<void> {
    expect([...seen.keys()].every((status) => status === 201 || (status >= 400 && status < 500))).toBe(true);
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  }

  it("answers random bytes, with or without a PNG signature, with a 4xx and stores nothing", async () => {
    const seen = new Map<number, number>();
    const randomBody = fc.tuple(fc.boolean(), fc.uint8Array({ maxLength: 4096 }));
    await fc.assert(
      fc.asyncProperty(randomBody, async ([signed, random]) => {
        const bytes = Buffer.concat([signed ? PNG_SIGNATURE : Buffer.alloc(0), random]);
        await uploadNeverBreaks(bytes, seen);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    await expectHealthyAfter(seen);
  });

  it("answers mutated 600 x 600 PNGs with 201 or 4xx, never 5xx, stores only PNGs that decode, and sees both", async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (mutations) => {
        await uploadNeverBreaks(mutate(valid, mutations), seen);
      }),
      { seed: SEED + 1, numRuns: RUNS, examples: SEEDED_MUTATIONS.map((mutations) => [mutations]) },
    );
    // The mutations reach both outcomes, so this proves something about each.
    expect(seen.get(201) ?? 0).toBeGreaterThan(0);
    expect([...seen.keys()].some((status) => status >= 400)).toBe(true);
    await expectHealthyAfter(seen);
  });
});
