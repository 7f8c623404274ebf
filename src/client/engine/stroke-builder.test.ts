import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeDrawing } from "../../common/drawing-document/encode.ts";
import { DRAWING_LIMITS } from "../../common/drawing-document/limits.ts";
import { strokePointList, toStrokePoint } from "../../common/drawing-document/stroke-point.ts";
import { filterPoints } from "./point-filter.ts";
import { type Segment, segmentsForPoint, strokeSegments } from "./smoothing.ts";
import { StrokeBuilder } from "./stroke-builder.ts";

const style = { colour: "#ff0000", width: 5, eraser: false };
const coordinate = fc.double({ min: -10, max: 610, noNaN: true });
const timedPoint = fc.record({
  x: coordinate,
  y: coordinate,
  at: fc.double({ min: 1000, max: 100_000, noNaN: true }),
  pressure: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
});

/** The segment a live stroke draws for the point just kept (emitSegment over the builder's columns), as data. */
function drawnLast(builder: StrokeBuilder): Segment[] {
  return segmentsForPoint(strokePointList(builder.points), builder.pointCount - 1);
}

describe("the live stroke", () => {
  it("draws a dot at once for a press, and a tap's release keeps just it (a tap leaves a dot)", () => {
    const builder = new StrokeBuilder(style);
    expect(builder.add(4, 4, undefined, 50)).toBe(true);
    expect(drawnLast(builder)).toEqual([{ kind: "dot", at: { x: 4, y: 4, elapsed: 0 } }]);
    expect(builder.add(4.2, 4.1, undefined, 60)).toBe(false);
    expect(builder.finish()).toEqual({ style, points: { x: [4], y: [4], elapsed: [0] }, dot: true });
  });

  it("keeps its own style, unaffected by later style changes", () => {
    const builder = new StrokeBuilder(style);
    builder.add(1, 1, undefined, 0);
    expect(builder.finish().style).toBe(style);
  });

  it("keeps each point on the document's grid, timed from the press, and draws exactly that point", () => {
    const builder = new StrokeBuilder(style);
    builder.add(10.01, 20.03, 0.33333, 1000.4);
    const [dot] = drawnLast(builder);
    expect(dot).toEqual({
      kind: "dot",
      at: toStrokePoint(10.01, 20.03, 0.33333, 0),
      scale: expect.any(Number),
    });
    builder.add(40.07, 20.5, 0.5, 1016.7);
    const { points } = builder.finish();
    expect(strokePointList(points)).toEqual([
      toStrokePoint(10.01, 20.03, 0.33333, 0),
      toStrokePoint(40.07, 20.5, 0.5, 16),
    ]);
  });

  it("what it draws live, point by point, is exactly what a replay of its kept points draws, and it encodes", () => {
    fc.assert(
      fc.property(fc.array(timedPoint, { minLength: 1, maxLength: 80 }), (input) => {
        // A pointer is a pen for a whole stroke or never.
        const pen = input[0]?.pressure !== undefined;
        const points = input.map((point) => ({
          ...point,
          pressure: pen ? (point.pressure ?? 0.5) : undefined,
        }));
        const builder = new StrokeBuilder(style);
        const live: Segment[] = [];
        for (const { x, y, pressure, at } of points)
          if (builder.add(x, y, pressure, at)) live.push(...drawnLast(builder));
        const stroke = builder.finish();
        const kept = strokePointList(stroke.points);
        expect(kept).toEqual(filterPoints(kept));
        expect(live).toEqual(strokeSegments(kept));
        expect(builder.pointCount).toBe(kept.length);
        const operation = { kind: "stroke" as const, author: 0, time: 0, ...stroke };
        expect(() => encodeDrawing({ start: { kind: "mascot" }, operations: [operation] })).not.toThrow();
      }),
    );
  });

  it("holds at most as many points as a document's stroke may, and says when it is full", () => {
    const builder = new StrokeBuilder(style);
    for (let index = 0; index < DRAWING_LIMITS.pointsPerStroke + 5; index += 1)
      builder.add(index % 2 === 0 ? 0 : 10, index / 100, undefined, index);
    expect(builder.isFull).toBe(true);
    expect(builder.pointCount).toBe(DRAWING_LIMITS.pointsPerStroke);
  });
});
