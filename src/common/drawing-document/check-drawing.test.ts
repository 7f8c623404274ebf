import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawingDocument, TEST_STICKERS } from "./arbitrary-document.ts";
import { checkDrawing, decodeDrawing } from "./decode.ts";
import { encodeDrawing } from "./encode.ts";
import { isDrawingCodecError } from "./errors.ts";

// checkDrawing is decodeDrawing without keeping the points: it must accept and refuse exactly the same bytes, or
// a save could store a log its readers refuse (or refuse one they read).

/** What a reader makes of `bytes`: where it starts, or the refusal's code. */
function verdictOf(read: (bytes: Uint8Array) => unknown, bytes: Uint8Array): unknown {
  try {
    return { start: read(bytes) };
  } catch (error) {
    if (isDrawingCodecError(error)) return { refused: error.code };
    throw error;
  }
}

const options = { stickers: TEST_STICKERS };
const decodedStart = (bytes: Uint8Array) => decodeDrawing(bytes, options).start;
const checkedStart = (bytes: Uint8Array) => checkDrawing(bytes, options);

describe("checking a drawing log", () => {
  it("answers where every valid log starts, as decoding does", () => {
    fc.assert(
      fc.property(drawingDocument(), (document) => {
        const bytes = encodeDrawing(document);
        expect(checkedStart(bytes)).toEqual(document.start);
      }),
      { numRuns: 150 },
    );
  });

  it("refuses exactly what decoding refuses, with the same code, for damaged and cut logs", () => {
    fc.assert(
      fc.property(
        drawingDocument(),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }),
        fc.nat(),
        (document, changes, cut) => {
          const bytes = Uint8Array.from(encodeDrawing(document));
          for (const [at, value] of changes) bytes[at % bytes.length] = value;
          for (const damaged of [bytes, bytes.subarray(0, cut % bytes.length)]) {
            expect(verdictOf(checkedStart, damaged)).toEqual(verdictOf(decodedStart, damaged));
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
