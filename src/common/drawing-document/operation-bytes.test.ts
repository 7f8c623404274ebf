import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawingDocument, TEST_STICKERS } from "./arbitrary-document.ts";
import { decodeDrawing } from "./decode.ts";
import { encodeDrawing } from "./encode.ts";
import { keptBytes } from "./operation-bytes.ts";
import type { DrawingDocument } from "./types.ts";

const options = { stickers: TEST_STICKERS };

/** The same document made of new objects: nothing kept for any of its operations. */
const fresh = (document: DrawingDocument): DrawingDocument => structuredClone(document);

describe("each operation's own bytes, kept", () => {
  it("an encode that joins kept bytes gives exactly the bytes of an encode from nothing", () => {
    fc.assert(
      fc.property(drawingDocument(), (document) => {
        const first = encodeDrawing(document);
        // Every operation's bytes are kept now; the second encode joins them.
        expect(
          document.operations.every((operation) => operation.kind === "clear" || keptBytes(operation)),
        ).toBe(true);
        expect(encodeDrawing(document)).toEqual(first);
        expect(encodeDrawing(fresh(document))).toEqual(first);
      }),
      { numRuns: 150 },
    );
  });

  it("an operation kept in one log is written in another after different operations and times", () => {
    fc.assert(
      fc.property(drawingDocument(), drawingDocument(), (one, other) => {
        encodeDrawing(one);
        const joined = { start: other.start, operations: [...other.operations, ...one.operations] };
        expect(encodeDrawing(joined)).toEqual(encodeDrawing(fresh(joined)));
      }),
      { numRuns: 150 },
    );
  });

  it("a decoded log's operations encode back to the very bytes read, from the bytes kept as they were read", () => {
    fc.assert(
      fc.property(drawingDocument(), (document) => {
        const bytes = encodeDrawing(fresh(document));
        const decoded = decodeDrawing(bytes, options);
        expect(
          decoded.operations.every((operation) => operation.kind === "clear" || keptBytes(operation)),
        ).toBe(true);
        expect(encodeDrawing(decoded)).toEqual(bytes);
      }),
      { numRuns: 150 },
    );
  });

  it("keeps bytes of its own: the encoded or decoded log changed afterwards changes no later encode", () => {
    fc.assert(
      fc.property(drawingDocument(), (document) => {
        const bytes = encodeDrawing(document);
        const original = bytes.slice();
        bytes.fill(0);
        expect(encodeDrawing(document)).toEqual(original);
        const read = original.slice();
        const decoded = decodeDrawing(read, options);
        read.fill(0);
        expect(encodeDrawing(decoded)).toEqual(original);
      }),
      { numRuns: 100 },
    );
  });
});
