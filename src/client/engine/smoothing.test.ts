import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  closingSegments,
  midpoint,
  PRESSURE_SCALE,
  pressureScale,
  type Segment,
  segmentsForPoint,
  strokeSegments,
} from "./smoothing.ts";
import type { Point } from "./types.ts";

const point = fc.record({
  x: fc.double({ min: 0, max: 600, noNaN: true }),
  y: fc.double({ min: 0, max: 600, noNaN: true }),
});

/** Where a segment starts and ends, to check the path has no gaps. */
function ends(segment: Segment): [Point, Point] {
  return segment.kind === "dot" ? [segment.at, segment.at] : [segment.from, segment.to];
}

describe("smoothing: quadratic curves through midpoints", () => {
  it("a single point is a dot", () => {
    expect(strokeSegments([{ x: 5, y: 6 }])).toEqual([{ kind: "dot", at: { x: 5, y: 6 } }]);
  });

  it("two points are a dot and a straight line from the first to the last point", () => {
    const a = { x: 0, y: 0 };
    const b = { x: 10, y: 4 };
    expect(strokeSegments([a, b])).toEqual([
      { kind: "dot", at: a },
      { kind: "line", from: a, to: { x: 5, y: 2 } },
      { kind: "line", from: { x: 5, y: 2 }, to: b },
    ]);
  });

  it("each later point adds a curve from the previous midpoint to the new one, bending through the previous point", () => {
    const points = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
    ];
    expect(segmentsForPoint(points, 2)).toEqual([
      { kind: "curve", from: { x: 5, y: 0 }, control: { x: 10, y: 0 }, to: { x: 10, y: 5 } },
    ]);
  });

  it("no segments for a point that does not exist, and no closing segment for an empty or one-point stroke", () => {
    expect(segmentsForPoint([], 0)).toEqual([]);
    expect(closingSegments([])).toEqual([]);
    expect(closingSegments([{ x: 1, y: 1 }])).toEqual([]);
  });

  it("the segments form one continuous path from the first to the last point (no gaps)", () => {
    fc.assert(
      fc.property(fc.array(point, { minLength: 2, maxLength: 60 }), (points) => {
        const segments = strokeSegments(points).slice(1);
        expect(ends(segments[0] as Segment)[0]).toEqual(points[0]);
        expect(ends(segments[segments.length - 1] as Segment)[1]).toEqual(points[points.length - 1]);
        for (let i = 1; i < segments.length; i++) {
          expect(ends(segments[i] as Segment)[0]).toEqual(ends(segments[i - 1] as Segment)[1]);
        }
        // One dot, one segment per further point, one closing line.
        expect(segments.length).toBe(points.length);
      }),
    );
  });

  it("drawing incrementally gives exactly the segments of the finished stroke (live == replay)", () => {
    fc.assert(
      fc.property(fc.array(point, { maxLength: 60 }), (points) => {
        const live: Segment[] = [];
        for (let i = 0; i < points.length; i++) live.push(...segmentsForPoint(points.slice(0, i + 1), i));
        live.push(...closingSegments(points));
        expect(live).toEqual(strokeSegments(points));
      }),
    );
  });

  it("midpoint is halfway", () => {
    expect(midpoint({ x: 2, y: 8 }, { x: 4, y: -2 })).toEqual({ x: 3, y: 3 });
  });
});

describe("pen pressure (docs/decisions/0008)", () => {
  it("scales the width from 0.5x at no pressure through 1x at half to 1.5x at full, clamped", () => {
    expect(pressureScale({ x: 0, y: 0, pressure: 0 })).toBe(PRESSURE_SCALE.min);
    expect(pressureScale({ x: 0, y: 0, pressure: 0.5 })).toBe(1);
    expect(pressureScale({ x: 0, y: 0, pressure: 1 })).toBe(PRESSURE_SCALE.max);
    expect(pressureScale({ x: 0, y: 0, pressure: 7 })).toBe(PRESSURE_SCALE.max);
    expect(pressureScale({ x: 0, y: 0, pressure: -1 })).toBe(PRESSURE_SCALE.min);
  });

  it("points without pressure (mouse, touch) give segments without a scale: the brush width exactly", () => {
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 30 }), (points) => {
        expect(strokeSegments(points).every((segment) => segment.scale === undefined)).toBe(true);
      }),
    );
  });

  it("every pen segment takes the scale of the point it bends through, and the path is unchanged", () => {
    const penPoint = fc.record({
      x: fc.double({ min: 0, max: 600, noNaN: true }),
      y: fc.double({ min: 0, max: 600, noNaN: true }),
      pressure: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(penPoint, { minLength: 2, maxLength: 30 }), (points) => {
        const pen = strokeSegments(points);
        const plain = strokeSegments(points.map(({ x, y }) => ({ x, y })));
        expect(pen.map((segment) => ends(segment).map(({ x, y }) => [x, y]))).toEqual(
          plain.map((segment) => ends(segment).map(({ x, y }) => [x, y])),
        );
        for (const segment of pen) {
          expect(segment.scale).toBeGreaterThanOrEqual(PRESSURE_SCALE.min);
          expect(segment.scale).toBeLessThanOrEqual(PRESSURE_SCALE.max);
        }
        const last = points.at(-1) as Point;
        expect(pen.at(-1)?.scale).toBe(pressureScale(last));
      }),
    );
  });
});
