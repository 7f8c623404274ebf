import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filterPoints } from "./point-filter.ts";
import { type Segment, strokeSegments } from "./smoothing.ts";
import { StrokeBuilder } from "./stroke-builder.ts";

const style = { colour: "#ff0000", width: 5, eraser: false };
const coordinate = fc.double({ min: -10, max: 610, noNaN: true });

describe("the live stroke", () => {
  it("draws a dot at once for a press, and a tap's release keeps just it (a tap leaves a dot)", () => {
    const builder = new StrokeBuilder(style);
    expect(builder.add({ x: 4, y: 4 })).toEqual([{ kind: "dot", at: { x: 4, y: 4 } }]);
    expect(builder.add({ x: 4.2, y: 4.1 })).toEqual([]);
    expect(builder.finish()).toEqual({ style, points: [{ x: 4, y: 4 }], dot: true });
  });

  it("keeps its own style, unaffected by later style changes", () => {
    const builder = new StrokeBuilder(style);
    builder.add({ x: 1, y: 1 });
    expect(builder.finish().style).toBe(style);
  });

  it("what it draws live, point by point, is exactly what a replay of its stroke draws", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ x: coordinate, y: coordinate }), { maxLength: 80 }), (input) => {
        const builder = new StrokeBuilder(style);
        const live: Segment[] = [];
        for (const point of input) live.push(...builder.add(point));
        const stroke = builder.finish();
        expect(stroke.points).toEqual(filterPoints(input));
        expect(live).toEqual(strokeSegments(stroke.points));
        expect(builder.pointCount).toBe(stroke.points.length);
      }),
    );
  });
});
