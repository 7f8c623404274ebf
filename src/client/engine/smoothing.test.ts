import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
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

/** Where the ink of a segment starts and ends. */
function ends(segment: Segment): [Point, Point] {
  return segment.kind === "dot" ? [segment.at, segment.at] : [segment.from, segment.to];
}

/** The point halfway along a segment's path. */
function middleOf(segment: Segment): Point {
  if (segment.kind === "dot") return segment.at;
  if (segment.kind === "line")
    return { x: (segment.from.x + segment.to.x) / 2, y: (segment.from.y + segment.to.y) / 2 };
  const { from, control, to } = segment;
  return { x: (from.x + 2 * control.x + to.x) / 4, y: (from.y + 2 * control.y + to.y) / 4 };
}

function onCircle(count: number, radius: number): Point[] {
  return Array.from({ length: count + 1 }, (_, i) => ({
    x: 300 + radius * Math.cos((i / count) * 2 * Math.PI),
    y: 300 + radius * Math.sin((i / count) * 2 * Math.PI),
  }));
}

describe("smoothing: curves through every point, the ink always at the newest one", () => {
  it("a single point is a dot", () => {
    expect(strokeSegments([{ x: 5, y: 6 }])).toEqual([{ kind: "dot", at: { x: 5, y: 6 } }]);
  });

  it("two points are a dot and a straight line from the first to the second", () => {
    const a = { x: 0, y: 0 };
    const b = { x: 10, y: 4 };
    expect(strokeSegments([a, b])).toEqual([
      { kind: "dot", at: a },
      { kind: "line", from: a, to: b },
    ]);
  });

  it("a turn: a curve from the previous point to the new one, leaving in the direction from the point before to the new one, symmetric like an arc", () => {
    const points = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 20, y: 10 },
    ];
    const [segment] = segmentsForPoint(points, 2);
    if (segment?.kind !== "curve") throw new Error(`expected a curve, got ${segment?.kind}`);
    expect(segment.from).toEqual(points[1]);
    expect(segment.to).toEqual(points[2]);
    // On the line from (10, 0) along (20, 10) - (0, 0), as far from both ends.
    const { control } = segment;
    expect(control.y / (control.x - 10)).toBeCloseTo(0.5, 9);
    expect(Math.hypot(control.x - 10, control.y)).toBeCloseTo(Math.hypot(control.x - 20, control.y - 10), 9);
  });

  it("a turn sharper than 70 degrees is a corner: a straight line", () => {
    const points = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
    ];
    expect(segmentsForPoint(points, 2)).toEqual([
      { kind: "line", from: { x: 10, y: 0 }, to: { x: 10, y: 10 } },
    ]);
    expect(segmentsForPoint([points[0], points[1], points[0]] as Point[], 2)[0]?.kind).toBe("line");
  });

  it("a stroke whose dot was covered before it showed replays without it; a lone point always keeps it", () => {
    const a = { x: 0, y: 0 };
    const b = { x: 10, y: 4 };
    expect(strokeSegments([a, b], false)).toEqual([{ kind: "line", from: a, to: b }]);
    expect(strokeSegments([a], false)).toEqual([{ kind: "dot", at: a }]);
  });

  it("no segments for a point that does not exist", () => {
    expect(segmentsForPoint([], 0)).toEqual([]);
    expect(strokeSegments([])).toEqual([]);
  });

  it("the path goes through every point in turn and its ink reaches each as it arrives", () => {
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 60 }), (points) => {
        const segments = strokeSegments(points);
        // One segment per point: nothing is left for the release to draw.
        expect(segments.length).toBe(points.length);
        segments.forEach((segment, i) => {
          expect(ends(segment)).toEqual([points[Math.max(0, i - 1)], points[i]]);
        });
      }),
    );
  });

  it("a fast circle, its points far apart, stays round: each curve's middle within a pixel of the circle", () => {
    for (const [count, radius] of [
      [6, 40],
      [8, 60],
      [12, 80],
      [16, 200],
    ] as const) {
      const points = onCircle(count, radius);
      const segments = strokeSegments(points).slice(2);
      expect(segments.every((segment) => segment.kind === "curve")).toBe(true);
      for (const segment of segments) {
        const middle = middleOf(segment);
        expect(Math.abs(Math.hypot(middle.x - 300, middle.y - 300) - radius)).toBeLessThan(1);
      }
    }
  });

  it("a curve never swings far out: its middle stays within the chord's length of both its ends", () => {
    fc.assert(
      fc.property(fc.array(point, { minLength: 3, maxLength: 60 }), (points) => {
        for (const segment of strokeSegments(points)) {
          if (segment.kind !== "curve") continue;
          const chord = Math.hypot(segment.to.x - segment.from.x, segment.to.y - segment.from.y);
          const middle = middleOf(segment);
          expect(Math.hypot(middle.x - segment.from.x, middle.y - segment.from.y)).toBeLessThanOrEqual(
            chord + 1e-9,
          );
          expect(Math.hypot(middle.x - segment.to.x, middle.y - segment.to.y)).toBeLessThanOrEqual(
            chord + 1e-9,
          );
        }
      }),
    );
  });

  it("drawing incrementally gives exactly the segments of the finished stroke (live == replay)", () => {
    fc.assert(
      fc.property(fc.array(point, { maxLength: 60 }), (points) => {
        const live: Segment[] = [];
        for (let i = 0; i < points.length; i++) live.push(...segmentsForPoint(points.slice(0, i + 1), i));
        expect(live).toEqual(strokeSegments(points));
      }),
    );
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

  it("every pen segment takes the scale of the point before its newest one (the point it bends through)", () => {
    const penPoint = fc.record({
      x: fc.double({ min: 0, max: 600, noNaN: true }),
      y: fc.double({ min: 0, max: 600, noNaN: true }),
      pressure: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(penPoint, { minLength: 2, maxLength: 30 }), (points) => {
        strokeSegments(points).forEach((segment, i) => {
          const scale = segment.scale ?? Number.NaN;
          expect(scale).toBeGreaterThanOrEqual(PRESSURE_SCALE.min);
          expect(scale).toBeLessThanOrEqual(PRESSURE_SCALE.max);
          expect(scale).toBe(pressureScale(points[Math.max(0, i - 1)] as Point));
          expect(ends(segment)[1]).toEqual(points[i]);
        });
      }),
    );
  });
});
