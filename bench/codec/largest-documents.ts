/**
 * The largest documents DRAWING_LIMITS let through, so the decoder does the most work one upload can ask of it:
 * the most stroke points, at their cheapest (3 bytes each, 4 with a pen's pressure); the most operations, each as
 * large as the bytes allow (strokes, captions, stickers).
 */
import { encodeDrawing } from "../../src/common/drawing-document/encode.ts";
import { DRAWING_LIMITS, POINT_GRID } from "../../src/common/drawing-document/limits.ts";
import { toStrokePoints } from "../../src/common/drawing-document/stroke-point.ts";
import type {
  CaptionOperation,
  Operation,
  StrokeOperation,
  StrokePoint,
} from "../../src/common/drawing-document/types.ts";

/** A document's bytes, with its name and how many stroke points it holds. */
export interface LargestDocument {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly points: number;
}

/** The sticker id the largest documents place: an 80-byte address of the branding's. */
const LONG_STICKER = `/stickers/${"s".repeat(66)}.svg`;

/** The sticker ids the largest documents use, besides Fanvas's own. */
export const LARGEST_DOCUMENT_STICKERS: readonly string[] = [LONG_STICKER];

/**
 * A straight stroke of `count` points, moving a grid step each point at the same time: every value it encodes
 * after the first two is a one-byte zero, the most points per byte there can be.
 */
function densestStroke(time: number, count: number, pen: boolean): StrokeOperation {
  const points: StrokePoint[] = [];
  for (let index = 0; index < count; index += 1) {
    const at = 10 + index / POINT_GRID;
    points.push(pen ? { x: at, y: at, pressure: 0.5, elapsed: 0 } : { x: at, y: at, elapsed: 0 });
  }
  const style = { colour: "#000000", width: 3, eraser: false };
  return { kind: "stroke", author: 0, time, style, points: toStrokePoints(points), dot: true };
}

function caption(time: number): CaptionOperation {
  return {
    kind: "caption",
    author: 0,
    time,
    lines: [{ text: "A".repeat(60), x: 300, baseline: 300 }],
    size: 40,
    colour: "#ffffff",
    outlineColour: "#000000",
    outlineWidth: 6.4,
    align: "center",
  };
}

/**
 * About the encoded size of `operations`, however many (the encoder refuses a document over the cap): each
 * encoded alone, its time counted from 0 rather than from the one before, so a little more than the exact size.
 */
function encodedSize(operations: readonly Operation[]): number {
  const header = encodeDrawing({ start: { kind: "mascot" }, operations: [] }).length;
  let size = header;
  for (const operation of operations) {
    size += encodeDrawing({ start: { kind: "mascot" }, operations: [operation] }).length - header;
  }
  return size;
}

/** `first`, then as many operations made by `make` as fit the byte and operation caps, encoded. */
function fillCap(
  name: string,
  first: readonly Operation[],
  make: (index: number) => Operation,
): LargestDocument {
  const fixed = encodedSize(first);
  const one = encodeDrawing({ start: { kind: "mascot" }, operations: [make(0)] }).length;
  let count = Math.min(
    DRAWING_LIMITS.operations - first.length,
    Math.floor((DRAWING_LIMITS.bytes - fixed) / one) + 1,
  );
  for (;;) {
    const operations = [...first, ...Array.from({ length: count }, (_, index) => make(index))];
    const size = encodedSize(operations);
    if (size <= DRAWING_LIMITS.bytes) {
      let points = 0;
      for (const operation of operations)
        if (operation.kind === "stroke") points += operation.points.x.length;
      return { name, bytes: encodeDrawing({ start: { kind: "mascot" }, operations }), points };
    }
    // Operations differ a little in size (their times): take off as many as the excess holds.
    count -= Math.max(1, Math.ceil(((size - DRAWING_LIMITS.bytes) / size) * count));
  }
}

/** Each kind of largest document, encoded. */
export function largestDocuments(): LargestDocument[] {
  const longest = (pen: boolean) => (index: number) =>
    densestStroke(index, DRAWING_LIMITS.pointsPerStroke, pen);
  // 2 MiB over 20,000 operations leaves about 100 bytes each: a stroke's dozen of style and 28 points of 3.
  const perStroke = 28;
  const sticker = (time: number): Operation => ({
    kind: "sticker",
    author: 0,
    time,
    sticker: LONG_STICKER,
    x: 300,
    y: 300,
    size: 100,
    rotation: 0,
  });
  return [
    fillCap("strokes of 10,000 points at 3 bytes", [], longest(false)),
    fillCap("pen strokes of 10,000 points at 4 bytes", [], longest(true)),
    fillCap(`20,000 strokes of ${perStroke} points`, [], (index) => densestStroke(index, perStroke, false)),
    fillCap("20,000 captions of 60 letters", [], caption),
    fillCap("20,000 stickers with 80-byte addresses", [], sticker),
  ];
}
