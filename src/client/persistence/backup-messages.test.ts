import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Point, Stroke } from "../engine/types.ts";
import { packStroke, unpackStroke } from "./backup-messages.ts";

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

describe("packStroke / unpackStroke", () => {
  it("give back every point exactly (pressure only where the point had one), the style and the dot", () => {
    fc.assert(
      fc.property(stroke, (original) => {
        expect(unpackStroke(packStroke(original))).toEqual(original);
      }),
    );
  });

  it("pack the points in one buffer of three numbers each, which posting hands over without copying", () => {
    const packed = packStroke({
      style: { colour: "#000000", width: 3, eraser: false },
      points: [
        { x: 1.5, y: 2.25 },
        { x: 3, y: 4, pressure: 0.75 },
      ],
      dot: true,
    });
    expect([...packed.points]).toEqual([1.5, 2.25, Number.NaN, 3, 4, 0.75]);
  });
});
