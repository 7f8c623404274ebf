import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Point, Stroke } from "../engine/types.ts";
import { packStrokes, unpackStrokes } from "./backup-messages.ts";

const coordinate = fc.double({ min: -1000, max: 1000, noNaN: true });
const point: fc.Arbitrary<Point> = fc.oneof(
  fc.record({ x: coordinate, y: coordinate }),
  fc.record({ x: coordinate, y: coordinate, pressure: fc.double({ min: 0, max: 1, noNaN: true }) }),
);
const stroke: fc.Arbitrary<Stroke> = fc.record({
  style: fc.record({
    colour: fc.constantFrom("#000000", "#ff0000", "#1e90ff"),
    width: fc.constantFrom(1, 3, 5, 8, 12),
    eraser: fc.boolean(),
  }),
  points: fc.array(point, { minLength: 1, maxLength: 200 }),
  dot: fc.boolean(),
});

describe("packStrokes / unpackStrokes", () => {
  it("give back every stroke in order, every point exactly (pressure only where it had one), style and dot", () => {
    fc.assert(
      fc.property(fc.array(stroke, { maxLength: 12 }), (originals) => {
        expect(unpackStrokes(packStrokes(originals))).toEqual(originals);
      }),
    );
  });

  it("pack every point of every stroke in one buffer, and every stroke's shape in another, which posting hands over", () => {
    const style = { colour: "#000000", width: 3, eraser: false };
    const packed = packStrokes([
      { style, points: [{ x: 1.5, y: 2.25 }], dot: true },
      { style, points: [{ x: 3, y: 4, pressure: 0.75 }], dot: false },
    ]);
    expect([...packed.points]).toEqual([1.5, 2.25, Number.NaN, 3, 4, 0.75]);
    expect([...packed.shapes], "per stroke: end, width, eraser, dot").toEqual([1, 3, 0, 1, 2, 3, 0, 0]);
    expect(packed.colours).toEqual(["#000000", "#000000"]);
  });
});
