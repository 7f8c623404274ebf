import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawingDocument, TEST_STICKERS } from "./arbitrary-document.ts";
import { decodeDrawing } from "./decode.ts";
import { encodeDrawing } from "./encode.ts";
import { DrawingCodecError } from "./errors.ts";
import { toStrokePoint, toStrokePoints } from "./stroke-point.ts";
import type { DrawingDocument, StrokeOperation, StrokePoint } from "./types.ts";

const options = { stickers: TEST_STICKERS };

function roundTrip(document: DrawingDocument): DrawingDocument {
  return decodeDrawing(encodeDrawing(document), options);
}

function stroke(points: readonly StrokePoint[], extra: Partial<StrokeOperation> = {}): StrokeOperation {
  return {
    kind: "stroke",
    author: 0,
    time: 0,
    style: { colour: "#000000", width: 3, eraser: false },
    points: toStrokePoints(points),
    dot: true,
    ...extra,
  };
}

/** The code of the DrawingCodecError `run` throws (fails the test if it throws anything else or nothing). */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DrawingCodecError) return error.code;
    throw error;
  }
  throw new Error("expected a DrawingCodecError");
}

describe("the drawing document's encoding", () => {
  it("gives back exactly the document it was given, for any document", () => {
    fc.assert(
      fc.property(drawingDocument(), (document) => {
        expect(roundTrip(document)).toEqual(document);
      }),
      { numRuns: 400 },
    );
  });

  it("keeps stroke points made by toStrokePoint from any pointer position exactly", () => {
    const anyNumber = fc.double({ noNaN: false });
    fc.assert(
      fc.property(
        fc.array(fc.record({ x: anyNumber, y: anyNumber, elapsed: anyNumber, pressure: anyNumber }), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.boolean(),
        (raw, pen) => {
          let previous = 0;
          const points = raw.map(({ x, y, elapsed, pressure }) => {
            const point = toStrokePoint(x, y, pen ? pressure : undefined, elapsed, previous);
            previous = point.elapsed;
            return point;
          });
          const document: DrawingDocument = { start: { kind: "white" }, operations: [stroke(points)] };
          expect(roundTrip(document)).toEqual(document);
        },
      ),
    );
  });

  it("keeps strokes longer than the encoder's kept columns, and shorter ones encoded after them", () => {
    const points = (count: number, pen: boolean): StrokePoint[] =>
      Array.from({ length: count }, (_, index) =>
        toStrokePoint(
          300 + 899.9375 * Math.sin(index / 7),
          -600 + ((index * 37) % 1800),
          pen ? (index % 97) / 96 : undefined,
          index * 3,
        ),
      );
    const document: DrawingDocument = {
      start: { kind: "white" },
      operations: [stroke(points(3000, true)), stroke(points(5, false)), stroke(points(1500, false))],
    };
    expect(roundTrip(document)).toEqual(document);
  });

  it("keeps text exactly, a leading byte order mark and every plane included", () => {
    const texts = ["\ufeffGM", "\ufeff", "fren \u{1f438}", "caf\u00e9\u0301", "\u0000"];
    const caption = (text: string) => ({
      kind: "caption" as const,
      author: 0,
      time: 0,
      lines: [{ text, x: 300, baseline: 300 }],
      size: 56,
      colour: "#ffffff",
      outlineColour: "#000000",
      outlineWidth: 9,
      align: "center" as const,
    });
    const document: DrawingDocument = { start: { kind: "mascot" }, operations: texts.map(caption) };
    expect(roundTrip(document)).toEqual(document);
  });

  it("refuses to write what it could not give back exactly", () => {
    const write = (document: DrawingDocument) => () => encodeDrawing(document);
    const one = (point: StrokePoint, extra: Partial<StrokeOperation> = {}) =>
      write({ start: { kind: "mascot" }, operations: [stroke([point], extra)] });
    expect(refusal(one({ x: 10.01, y: 10, elapsed: 0 }))).toBe("not_representable");
    expect(refusal(one({ x: 10, y: 10, elapsed: 0, pressure: 0.3 }))).toBe("not_representable");
    const upper = { style: { colour: "#FF0000", width: 3, eraser: false } };
    expect(refusal(one({ x: 10, y: 10, elapsed: 0 }, upper))).toBe("not_representable");
    const columns = { x: [1, 2], y: [1, 2], elapsed: [0, 1] };
    for (const points of [
      { ...columns, pressure: [0.5] },
      { ...columns, y: [1] },
      { ...columns, elapsed: [] },
    ]) {
      const uneven = { ...stroke([]), points };
      expect(refusal(write({ start: { kind: "white" }, operations: [uneven] }))).toBe("not_representable");
    }
    const backwards = stroke([
      { x: 1, y: 1, elapsed: 5 },
      { x: 2, y: 2, elapsed: 4 },
    ]);
    expect(refusal(write({ start: { kind: "white" }, operations: [backwards] }))).toBe("out_of_range");
    const lone = {
      kind: "caption" as const,
      author: 0,
      time: 0,
      lines: [{ text: "\ud800", x: 300, baseline: 300 }],
      size: 56,
      colour: "#ffffff",
      outlineColour: "#000000",
      outlineWidth: 9,
      align: "center" as const,
    };
    expect(refusal(write({ start: { kind: "white" }, operations: [lone] }))).toBe("not_representable");
  });

  it("refuses to write a document over a cap, with the code the decoder would give", () => {
    const long = Array.from({ length: 10_001 }, (_, index) => ({ x: index % 500, y: 1, elapsed: 0 }));
    const document: DrawingDocument = { start: { kind: "white" }, operations: [stroke(long)] };
    expect(refusal(() => encodeDrawing(document))).toBe("too_many_points");
    const remix = { start: { kind: "drawing", id: "../../etc" }, operations: [] } as const;
    expect(refusal(() => encodeDrawing(remix))).toBe("out_of_range");
  });
});
