/**
 * The largest documents DRAWING_LIMITS let through, each filling the 2 MiB cap with the cheapest bytes of one
 * kind, so the decoder does the most work a single upload can ask of it: points at 3 bytes each (4 with a pen's
 * pressure), or as many operations as are allowed with the rest of the bytes in their text.
 */
import { CANVAS_SIZE } from "../../src/common/constants.ts";
import { encodeDrawing } from "../../src/common/drawing-document/encode.ts";
import { DRAWING_LIMITS, POINT_GRID } from "../../src/common/drawing-document/limits.ts";
import type { Operation, StrokePoint } from "../../src/common/drawing-document/types.ts";

/** A document and its bytes. */
export interface LargestDocument {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly points: number;
}

/**
 * A straight stroke of the most points allowed, moving a grid step each point at the same time: every value it
 * encodes is a one-byte zero after the first two, the most points per byte there can be.
 */
function densestStroke(time: number, pen: boolean): Operation {
  const points: StrokePoint[] = [];
  for (let index = 0; index < DRAWING_LIMITS.pointsPerStroke; index += 1) {
    const at = 10 + index / POINT_GRID;
    points.push(pen ? { x: at, y: at, pressure: 0.5, elapsed: 0 } : { x: at, y: at, elapsed: 0 });
  }
  return {
    kind: "stroke",
    author: 0,
    time,
    style: { colour: "#000000", width: 3, eraser: false },
    points,
    dot: true,
  };
}

/** As many operations made by `make` as fit the byte cap (and the operation cap), encoded. */
function fillCap(name: string, make: (index: number) => Operation): LargestDocument {
  const one = encodeDrawing({ start: { kind: "mascot" }, operations: [make(0)] }).length;
  let count = Math.min(DRAWING_LIMITS.operations, Math.floor(DRAWING_LIMITS.bytes / one) + 1);
  for (;;) {
    const operations = Array.from({ length: count }, (_, index) => make(index));
    const size = encodedSize(operations);
    if (size <= DRAWING_LIMITS.bytes) {
      let points = 0;
      for (const operation of operations) if (operation.kind === "stroke") points += operation.points.length;
      return { name, bytes: encodeDrawing({ start: { kind: "mascot" }, operations }), points };
    }
    // Operations vary a little in size (their times, their places): take off as many as the excess holds.
    count -= Math.max(1, Math.ceil(((size - DRAWING_LIMITS.bytes) / size) * count));
  }
}

/** The encoded size of a document of `operations` however large (the encoder refuses over the cap). */
function encodedSize(operations: readonly Operation[]): number {
  const half = Math.ceil(operations.length / 2);
  const size = (part: readonly Operation[]) =>
    encodeDrawing({ start: { kind: "mascot" }, operations: part }).length;
  return size(operations.slice(0, half)) + size(operations.slice(half));
}

/** Each kind of largest document, encoded. */
export function largestDocuments(): LargestDocument[] {
  const captionText = "A".repeat(60);
  const stickerId = `/stickers/${"s".repeat(70)}.svg`;
  return [
    fillCap("strokes of 10,000 points, 3 bytes each", (index) => densestStroke(index, false)),
    fillCap("pen strokes of 10,000 points, 4 bytes each", (index) => densestStroke(index, true)),
    fillCap("20,000 one-point strokes", (index) => ({
      ...(densestStroke(index, false) as Extract<Operation, { kind: "stroke" }>),
      points: [{ x: index % CANVAS_SIZE, y: 5, elapsed: 0 }],
    })),
    fillCap("20,000 captions, 60 letters each", (index) => ({
      kind: "caption",
      author: 0,
      time: index,
      lines: [{ text: captionText, x: 300, baseline: 300 }],
      size: 40,
      colour: "#ffffff",
      outlineColour: "#000000",
      outlineWidth: 6.4,
      align: "center",
    })),
    fillCap("20,000 stickers with 80-byte addresses", (index) => ({
      kind: "sticker",
      author: 0,
      time: index,
      sticker: stickerId,
      x: 300,
      y: 300,
      size: 100,
      rotation: 0,
    })),
  ];
}

/** The sticker ids the largest documents use, besides Fanvas's own. */
export const LARGEST_DOCUMENT_STICKERS: readonly string[] = [`/stickers/${"s".repeat(70)}.svg`];
