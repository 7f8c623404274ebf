import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawingDocument, strokeOperation, TEST_STICKERS } from "./arbitrary-document.ts";
import { decodeDrawing } from "./decode.ts";
import { encodeDrawing } from "./encode.ts";
import { DrawingCodecError } from "./errors.ts";
import { DRAWING_FORMAT_VERSION, DRAWING_MAGIC } from "./limits.ts";
import type { DecodeMeter } from "./meter.ts";

/**
 * The decoder's work on `bytes` is at most this: each operation counts 1 and takes at least 3 bytes, each point
 * counts at most 5 (four columns and its object) and takes at least 3 bytes, each text counts 1 + its bytes
 * and takes at least 1 + its bytes. So twice the input, plus a little for the header.
 */
function workBound(bytes: Uint8Array): number {
  return 2 * bytes.length + 16;
}

/** Decodes untrusted bytes: a document, or the codec's refusal; anything else thrown fails the test. */
function decodeUntrusted(bytes: Uint8Array): { meter: DecodeMeter; refused: DrawingCodecError | null } {
  const meter: DecodeMeter = { work: 0 };
  try {
    decodeDrawing(bytes, { stickers: TEST_STICKERS, meter });
    return { meter, refused: null };
  } catch (error) {
    if (error instanceof DrawingCodecError) return { meter, refused: error };
    throw error;
  }
}

/** A header the decoder accepts (white start), so random bytes after it reach the operations. */
const HEADER = Uint8Array.from([...DRAWING_MAGIC, DRAWING_FORMAT_VERSION, 1]);

/** A change to some bytes: set one, cut some out, put some in, or cut the end off. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant("cut" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ kind: fc.constant("put" as const), at: fc.nat(), bytes: fc.uint8Array({ maxLength: 12 }) }),
  fc.record({ kind: fc.constant("end" as const), at: fc.nat() }),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(bytes: Uint8Array, change: Mutation): Uint8Array {
  const at = bytes.length === 0 ? 0 : change.at % bytes.length;
  const list = [...bytes];
  if (change.kind === "set") list[at] = change.value;
  if (change.kind === "cut") list.splice(at, change.length);
  if (change.kind === "put") list.splice(at, 0, ...change.bytes);
  if (change.kind === "end") list.length = at;
  return Uint8Array.from(list);
}

describe("decoding untrusted bytes", () => {
  it("refuses random bytes with its own error, within a work bound proportional to their length", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.boolean(), (random, withHeader) => {
        const bytes = withHeader ? Uint8Array.from([...HEADER, ...random]) : random;
        const { meter } = decodeUntrusted(bytes);
        expect(meter.work).toBeLessThanOrEqual(workBound(bytes));
      }),
      { numRuns: 2000 },
    );
  });

  it("decodes a damaged log into a document or refuses it with its own error, within the work bound", () => {
    fc.assert(
      fc.property(
        drawingDocument(),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (document, changes) => {
          const bytes = changes.reduce(mutate, encodeDrawing(document));
          const { meter, refused } = decodeUntrusted(bytes);
          expect(meter.work).toBeLessThanOrEqual(workBound(bytes));
          // What it accepts is a document the encoder can write: nothing out of range got through.
          if (refused === null)
            expect(() => encodeDrawing(decodeDrawing(bytes, { stickers: TEST_STICKERS }))).not.toThrow();
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("damaged strokes with many points stay within the bound too", () => {
    fc.assert(
      fc.property(
        strokeOperation(400),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        (stroke, changes) => {
          const bytes = changes.reduce(
            mutate,
            encodeDrawing({ start: { kind: "white" }, operations: [stroke] }),
          );
          const { meter } = decodeUntrusted(bytes);
          expect(meter.work).toBeLessThanOrEqual(workBound(bytes));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("makes nothing for points a stroke claims but does not carry", () => {
    // One stroke claiming 10,000 points, with none of their bytes: refused before any point is made.
    const operations = 1;
    const [kind, author, time, flags, black, width, points] = [0, 0, 0, 0, [0, 0, 0], 3, [0x90, 0x4e]];
    const bytes = Uint8Array.from([
      ...HEADER,
      operations,
      kind,
      author,
      time,
      flags,
      ...black,
      width,
      ...points,
    ]);
    const { meter, refused } = decodeUntrusted(bytes);
    expect(refused?.code).toBe("truncated");
    expect(meter.work).toBeLessThanOrEqual(1);
  });
});
