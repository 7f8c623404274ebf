/**
 * fast-check generators of valid drawing documents, for the codec's property tests: every kind of operation,
 * values across their whole allowed range (its edges included), points on the grid as toStrokePoint makes them.
 */
import fc from "fast-check";
import { CANVAS_SIZE } from "../constants.ts";
import { FANVAS_STICKER_IDS } from "./known-stickers.ts";
import { DRAWING_LIMITS, MAX_FILL_TOLERANCE, POINT_GRID, POSITION_RANGE, PRESSURE_STEPS } from "./limits.ts";
import { toStrokePoints } from "./stroke-point.ts";
import type {
  CaptionOperation,
  ClearOperation,
  DrawingDocument,
  FillOperation,
  Operation,
  StartingPicture,
  StickerOperation,
  StrokeOperation,
  StrokePoint,
  StrokePoints,
} from "./types.ts";

/** Community stickers as a branding file names them, besides Fanvas's own. */
export const BRANDING_STICKER_ADDRESSES = ["/stickers/hat.svg", "https://cdn.example/fren.png"] as const;

/** The stickers the property tests' page offers. */
export const TEST_STICKERS: ReadonlySet<string> = new Set([
  ...FANVAS_STICKER_IDS,
  ...BRANDING_STICKER_ADDRESSES,
]);

const colour = fc
  .integer({ min: 0, max: 0xffffff })
  .map((value) => `#${value.toString(16).padStart(6, "0")}`);
const base = { author: fc.integer({ min: 0, max: DRAWING_LIMITS.authors - 1 }) };
const time = fc.integer({ min: 0, max: DRAWING_LIMITS.documentMs });
const position = fc.double({ min: POSITION_RANGE.min, max: POSITION_RANGE.max, noNaN: true });
const size = fc.double({ min: 1, max: CANVAS_SIZE, noNaN: true });
const gridPosition = fc
  .integer({ min: 0, max: (POSITION_RANGE.max - POSITION_RANGE.min) * POINT_GRID })
  .map((step) => step / POINT_GRID + POSITION_RANGE.min);

const start: fc.Arbitrary<StartingPicture> = fc.oneof(
  fc.constant({ kind: "mascot" as const }),
  fc.constant({ kind: "white" as const }),
  fc.stringMatching(/^[A-Za-z0-9_-]{12}$/).map((id) => ({ kind: "drawing" as const, id })),
);

/** Points of one stroke: on the grid, times never going back, pressure on all or none. */
function points(pen: boolean, maxPoints: number): fc.Arbitrary<StrokePoints> {
  const point = fc.record({
    x: gridPosition,
    y: gridPosition,
    step: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: DRAWING_LIMITS.strokeMs })),
    pressure: fc.integer({ min: 0, max: PRESSURE_STEPS }).map((step) => step / PRESSURE_STEPS),
  });
  return fc.array(point, { minLength: 1, maxLength: maxPoints }).map((raw) => {
    let elapsed = 0;
    const list: StrokePoint[] = raw.map(({ x, y, step, pressure }) => {
      elapsed = Math.min(DRAWING_LIMITS.strokeMs, elapsed + step);
      return pen ? { x, y, pressure, elapsed } : { x, y, elapsed };
    });
    return toStrokePoints(list);
  });
}

/** A stroke of up to `maxPoints` points. */
export function strokeOperation(maxPoints = 40): fc.Arbitrary<StrokeOperation> {
  return fc
    .record({
      ...base,
      time,
      style: fc.record({
        colour,
        width: fc.integer({ min: 1, max: DRAWING_LIMITS.brushWidth }),
        eraser: fc.boolean(),
      }),
      dot: fc.boolean(),
      pen: fc.boolean(),
    })
    .chain(({ pen, ...stroke }) =>
      points(pen, maxPoints).map((made) => ({ kind: "stroke" as const, ...stroke, points: made })),
    );
}

/** A caption line's text: letters as typed, or any code points at all (a lone surrogate cannot be UTF-8). */
const text = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }).filter((value) => value.isWellFormed()),
);

const caption: fc.Arbitrary<CaptionOperation> = fc.record({
  kind: fc.constant("caption" as const),
  ...base,
  time,
  lines: fc.array(fc.record({ text, x: position, baseline: position }), { minLength: 1, maxLength: 4 }),
  size,
  colour,
  outlineColour: colour,
  outlineWidth: fc.double({ min: 0, max: CANVAS_SIZE, noNaN: true }),
  align: fc.constantFrom("left" as const, "center" as const, "right" as const),
});

const sticker: fc.Arbitrary<StickerOperation> = fc.record({
  kind: fc.constant("sticker" as const),
  ...base,
  time,
  sticker: fc.constantFrom(...TEST_STICKERS),
  x: position,
  y: position,
  size,
  rotation: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
});

const fill: fc.Arbitrary<FillOperation> = fc.record({
  kind: fc.constant("fill" as const),
  ...base,
  time,
  x: fc.integer({ min: 0, max: CANVAS_SIZE - 1 }),
  y: fc.integer({ min: 0, max: CANVAS_SIZE - 1 }),
  colour,
  tolerance: fc.integer({ min: 0, max: MAX_FILL_TOLERANCE }),
});

const clear: fc.Arbitrary<ClearOperation> = fc.record({ kind: fc.constant("clear" as const), ...base, time });

/** Any operation, strokes most often (as in a drawing). */
export const operation: fc.Arbitrary<Operation> = fc.oneof(
  { arbitrary: strokeOperation(), weight: 4 },
  { arbitrary: caption, weight: 1 },
  { arbitrary: sticker, weight: 1 },
  { arbitrary: fill, weight: 1 },
  { arbitrary: clear, weight: 1 },
);

/** A document of up to `maxOperations` operations. */
export function drawingDocument(maxOperations = 12): fc.Arbitrary<DrawingDocument> {
  return fc.record({ start, operations: fc.array(operation, { maxLength: maxOperations }) });
}
