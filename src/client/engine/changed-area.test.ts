import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CANVAS_SIZE } from "../../common/constants.ts";
import { strokeBounds, unionArea } from "./changed-area.ts";
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

describe("strokeBounds", () => {
  it("holds every pixel a stroke's segments may tint: the brush's disc at every point of the path, plus one pixel", () => {
    fc.assert(
      fc.property(
        fc.array(point, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 60 }),
        (points, width) => {
          const stroke = { style: { colour: "#000000", width, eraser: false }, points };
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

  it("is a rectangle of whole pixels inside the canvas, and null for a stroke that paints none of it", () => {
    // Width 10 reaches 10 * 1.5 / 2 + 2 = 9.5 pixels from a point: [-6, 13) x [588.5, 607.5), clamped and rounded out.
    const style = { colour: "#000000", width: 10, eraser: false };
    expect(strokeBounds({ style, points: [{ x: 3.5, y: 598 }] })).toEqual({
      x: 0,
      y: 588,
      width: 13,
      height: 12,
    });
    expect(strokeBounds({ style, points: [{ x: -100, y: 50 }] })).toBeNull();
    expect(strokeBounds({ style, points: [] })).toBeNull();
  });
});

describe("unionArea", () => {
  const a = { x: 0, y: 10, width: 5, height: 5 };
  const b = { x: 20, y: 0, width: 10, height: 3 };

  it("is the bounding rectangle of both", () => {
    expect(unionArea(a, b)).toEqual({ x: 0, y: 0, width: 30, height: 15 });
    expect(unionArea(b, a)).toEqual(unionArea(a, b));
  });

  it("'all' wins, and null (nothing changed) is the identity", () => {
    expect(unionArea(a, "all")).toBe("all");
    expect(unionArea("all", null)).toBe("all");
    expect(unionArea(null, b)).toEqual(b);
    expect(unionArea(a, null)).toEqual(a);
    expect(unionArea(null, null)).toBeNull();
  });
});
