import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closingSegments, midpoint, type Segment, segmentsForPoint, strokeSegments } from "./smoothing.ts";
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
