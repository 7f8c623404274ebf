import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CANVAS_SIZE } from "../../common/constants.ts";
import { strokeBounds, unionRect } from "./changed-area.ts";
import { type Segment, strokeSegments } from "./smoothing.ts";
import type { PixelRect, Point } from "./types.ts";

/** Points along a segment: its ends, and for a curve 32 steps of the quadratic itself. */
function pathPoints(segment: Segment): Point[] {
  switch (segment.kind) {
    case "dot":
      return [segment.at];
    case "line":
      return [segment.from, segment.to];
    case "curve": {
      const { from, control, to } = segment;
      return Array.from({ length: 33 }, (_, step) => {
        const t = step / 32;
        const u = 1 - t;
        return {
          x: u * u * from.x + 2 * u * t * control.x + t * t * to.x,
          y: u * u * from.y + 2 * u * t * control.y + t * t * to.y,
        };
      });
    }
  }
}

const point = fc.record(
  {
    x: fc.double({ min: -40, max: CANVAS_SIZE + 40, noNaN: true }),
    y: fc.double({ min: -40, max: CANVAS_SIZE + 40, noNaN: true }),
    pressure: fc.double({ min: 0, max: 1, noNaN: true }),
  },
  { requiredKeys: ["x", "y"] },
);

/** A hand's path: long steps whose heading turns a little each time, so the smoothing draws curves. */
const gentlePath = fc
  .record({
    start: point,
    heading: fc.double({ min: 0, max: Math.PI * 2, noNaN: true }),
    steps: fc.array(
      fc.record({
        turn: fc.double({ min: -0.8, max: 0.8, noNaN: true }),
        length: fc.double({ min: 1, max: 90, noNaN: true }),
      }),
      { maxLength: 12 },
    ),
  })
  .map(({ start, heading, steps }) => {
    const points: Point[] = [start];
    let direction = heading;
    for (const { turn, length } of steps) {
      direction += turn;
      const last = points[points.length - 1] as Point;
      points.push({ x: last.x + Math.cos(direction) * length, y: last.y + Math.sin(direction) * length });
    }
    return points;
  });

describe("strokeBounds", () => {
  it("holds every pixel a stroke's segments may tint: the brush's disc at every point of the path, plus one pixel", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.array(point, { minLength: 1, maxLength: 12 }), gentlePath),
        fc.integer({ min: 1, max: 60 }),
        (points, width) => {
          const stroke = { style: { colour: "#000000", width, eraser: false }, points, dot: true };
          const bounds = strokeBounds(stroke);
          for (const segment of strokeSegments(points)) {
            const reach = (width * (segment.scale ?? 1)) / 2 + 1;
            for (const { x, y } of pathPoints(segment)) {
              // The part of the disc inside the canvas, in whole pixels.
              const left = Math.max(0, Math.floor(x - reach));
              const top = Math.max(0, Math.floor(y - reach));
              const right = Math.min(CANVAS_SIZE, Math.ceil(x + reach));
              const bottom = Math.min(CANVAS_SIZE, Math.ceil(y + reach));
              if (right <= left || bottom <= top) continue;
              expect(bounds).not.toBeNull();
              const rect = bounds as PixelRect;
              expect(left).toBeGreaterThanOrEqual(rect.x);
              expect(top).toBeGreaterThanOrEqual(rect.y);
              expect(right).toBeLessThanOrEqual(rect.x + rect.width);
              expect(bottom).toBeLessThanOrEqual(rect.y + rect.height);
            }
          }
        },
      ),
    );
  });

  it("holds the smoothing's curves where they bulge past the stroke's own points (a fast arc, a thin brush)", () => {
    // Far-apart points on the top of a circle: the curves between them rise above the highest point.
    const points = [-0.6, -0.2, 0.2, 0.6].map((angle) => ({
      x: 300 + 200 * Math.sin(angle),
      y: 300 - 200 * Math.cos(angle),
    }));
    const bounds = strokeBounds({ style: { colour: "#000000", width: 1, eraser: false }, points, dot: true });
    let highest = Number.POSITIVE_INFINITY;
    for (const segment of strokeSegments(points))
      for (const { y } of pathPoints(segment)) highest = Math.min(highest, y);
    expect(highest, "the curve rises above the points").toBeLessThan(
      Math.min(...points.map((point) => point.y)) - 3,
    );
    expect(bounds?.y).toBeLessThanOrEqual(Math.floor(highest - 1.5));
  });

  it("is a rectangle of whole pixels inside the canvas, and null for a stroke that paints none of it", () => {
    // Width 10 reaches 10 * 1.5 / 2 + 2 = 9.5 pixels from a point: [-6, 13) x [588.5, 607.5), clamped and rounded out.
    const style = { colour: "#000000", width: 10, eraser: false };
    expect(strokeBounds({ style, points: [{ x: 3.5, y: 598 }], dot: true })).toEqual({
      x: 0,
      y: 588,
      width: 13,
      height: 12,
    });
    expect(strokeBounds({ style, points: [{ x: -100, y: 50 }], dot: true })).toBeNull();
    expect(strokeBounds({ style, points: [], dot: true })).toBeNull();
  });
});

describe("unionRect", () => {
  const a = { x: 0, y: 10, width: 5, height: 5 };
  const b = { x: 20, y: 0, width: 10, height: 3 };

  it("is the bounding rectangle of both", () => {
    expect(unionRect(a, b)).toEqual({ x: 0, y: 0, width: 30, height: 15 });
    expect(unionRect(b, a)).toEqual(unionRect(a, b));
  });

  it("null (no pixel) is the identity", () => {
    expect(unionRect(null, b)).toEqual(b);
    expect(unionRect(a, null)).toEqual(a);
    expect(unionRect(null, null)).toBeNull();
  });
});
