import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filterPoints, isFarEnough } from "./point-filter.ts";

describe("point filtering", () => {
  it("always keeps the first point", () => {
    expect(isFarEnough(undefined, { x: 3, y: 3 })).toBe(true);
  });

  it("skips points closer than 1 canvas pixel to the previous kept point and keeps those at 1 px or more", () => {
    const origin = { x: 10, y: 10 };
    expect(isFarEnough(origin, { x: 10.5, y: 10.5 })).toBe(false);
    expect(isFarEnough(origin, { x: 10, y: 10 })).toBe(false);
    expect(isFarEnough(origin, { x: 11, y: 10 })).toBe(true);
    expect(isFarEnough(origin, { x: 10.8, y: 10.8 })).toBe(true);
  });

  it("measures from the last KEPT point, so a slow drag still advances", () => {
    const points = [0, 0.4, 0.8, 1.2, 1.6, 2.0, 2.4].map((x) => ({ x, y: 0 }));
    expect(filterPoints(points).map((p) => p.x)).toEqual([0, 1.2, 2.4]);
  });

  it("every kept point is at least the minimum distance from the one before it", () => {
    const coordinate = fc.double({ min: 0, max: 20, noNaN: true });
    fc.assert(
      fc.property(
        fc.array(fc.record({ x: coordinate, y: coordinate })),
        fc.double({ min: 0.1, max: 5 }),
        (points, min) => {
          const kept = filterPoints(points, min);
          for (let i = 1; i < kept.length; i++) {
            const a = kept[i - 1] as { x: number; y: number };
            const b = kept[i] as { x: number; y: number };
            expect(Math.hypot(b.x - a.x, b.y - a.y)).toBeGreaterThanOrEqual(min - 1e-9);
          }
          if (points.length > 0) expect(kept[0]).toEqual(points[0]);
        },
      ),
    );
  });
});
