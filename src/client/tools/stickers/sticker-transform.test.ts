import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  moveSticker,
  pinchSticker,
  placeSticker,
  resizeToCorner,
  rotateSticker,
  rotateToward,
  STICKER_SIZE,
  scaleSticker,
  turnHandleSide,
} from "./sticker-transform.ts";

const coordinate = fc.double({ min: -200, max: 800, noNaN: true });
const point = fc.record({ x: coordinate, y: coordinate });
const placement = fc.record({
  x: coordinate,
  y: coordinate,
  size: fc.double({ min: STICKER_SIZE.min, max: STICKER_SIZE.max, noNaN: true }),
  rotation: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
});

describe("sticker transforms", () => {
  it("places at the tap with the initial size and no turn", () => {
    expect(placeSticker({ x: 210, y: 320 })).toEqual({
      x: 210,
      y: 320,
      size: STICKER_SIZE.initial,
      rotation: 0,
    });
  });

  it("a tap near an edge places the sticker whole on the drawing, against that edge", () => {
    const half = STICKER_SIZE.initial / 2;
    expect(placeSticker({ x: 10, y: 20 })).toMatchObject({ x: half, y: half });
    expect(placeSticker({ x: 590, y: 300 }, 0.5)).toMatchObject({ x: 600 - half, y: 300 });
    expect(placeSticker({ x: 300, y: 599 }, 0.5)).toMatchObject({ y: 600 - half / 2 });
    // Taller than the drawing: as near whole as it can be, in the middle.
    expect(placeSticker({ x: 300, y: 10 }, 5)).toMatchObject({ y: 300 });
    fc.assert(
      fc.property(point, fc.double({ min: 0.2, max: 3.75, noNaN: true }), (at, aspect) => {
        const placed = placeSticker(at, aspect);
        expect(placed.x - placed.size / 2).toBeGreaterThanOrEqual(0);
        expect(placed.x + placed.size / 2).toBeLessThanOrEqual(600);
        expect(placed.y - (placed.size * aspect) / 2).toBeGreaterThanOrEqual(-1e-9);
        expect(placed.y + (placed.size * aspect) / 2).toBeLessThanOrEqual(600 + 1e-9);
      }),
    );
  });

  it("scaling stays within the limits, turning stays within -pi..pi, moving adds up", () => {
    fc.assert(
      fc.property(
        placement,
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: -20, max: 20, noNaN: true }),
        (start, factor, angle) => {
          const scaled = scaleSticker(start, factor);
          expect(scaled.size).toBeGreaterThanOrEqual(STICKER_SIZE.min);
          expect(scaled.size).toBeLessThanOrEqual(STICKER_SIZE.max);
          const turned = rotateSticker(start, angle);
          expect(Math.abs(turned.rotation)).toBeLessThanOrEqual(Math.PI + 1e-9);
          expect(Math.cos(turned.rotation)).toBeCloseTo(Math.cos(start.rotation + angle), 9);
          expect(moveSticker(moveSticker(start, 3, 4), -3, -4).x).toBeCloseTo(start.x, 9);
        },
      ),
    );
  });

  it("the corner handle puts the sticker's corner under the pointer", () => {
    const start = placeSticker({ x: 300, y: 300 });
    const resized = resizeToCorner(start, { x: 400, y: 400 }, 1);
    expect(resized.size).toBeCloseTo(200, 9);
    expect(resized.x).toBe(300);
  });

  it("the turn handle faces the pointer: right of the centre is a quarter turn clockwise", () => {
    const start = placeSticker({ x: 300, y: 300 });
    expect(rotateToward(start, { x: 300, y: 100 }).rotation).toBeCloseTo(0, 9);
    expect(rotateToward(start, { x: 500, y: 300 }).rotation).toBeCloseTo(Math.PI / 2, 9);
    // The handle below: pointing down is no turn, pointing left a quarter turn clockwise.
    expect(rotateToward(start, { x: 300, y: 500 }, "below").rotation).toBeCloseTo(0, 9);
    expect(rotateToward(start, { x: 100, y: 300 }, "below").rotation).toBeCloseTo(Math.PI / 2, 9);
  });

  it("the turn handle goes below where above would be off the drawing, and keeps facing the pointer there", () => {
    expect(turnHandleSide(placeSticker({ x: 300, y: 300 }), 1, 60)).toBe("above");
    expect(turnHandleSide(placeSticker({ x: 300, y: 0 }), 1, 60)).toBe("below");
    // Turned upside down at the bottom edge, "above" (its own top) points down past the edge.
    expect(turnHandleSide({ ...placeSticker({ x: 300, y: 600 }), rotation: Math.PI }, 1, 60)).toBe("below");
    fc.assert(
      fc.property(placement, point, (start, to) => {
        fc.pre(Math.hypot(to.x - start.x, to.y - start.y) > 1);
        // Either handle dragged to the pointer turns the sticker so that the handle would sit on the line to it.
        for (const side of ["above", "below"] as const) {
          const turned = rotateToward(start, to, side);
          const sign = side === "above" ? 1 : -1;
          const handle = { x: sign * Math.sin(turned.rotation), y: -sign * Math.cos(turned.rotation) };
          const towards = Math.hypot(to.x - start.x, to.y - start.y);
          expect(handle.x).toBeCloseTo((to.x - start.x) / towards, 6);
          expect(handle.y).toBeCloseTo((to.y - start.y) / towards, 6);
        }
      }),
    );
  });

  it("two fingers: spread scales, turn turns, midpoint moves; fingers that keep still change nothing", () => {
    fc.assert(
      fc.property(placement, point, point, (start, a, b) => {
        fc.pre(Math.hypot(a.x - b.x, a.y - b.y) > 1);
        const same = pinchSticker(start, [a, b], [a, b]);
        expect(same.x).toBeCloseTo(start.x, 9);
        expect(same.size).toBeCloseTo(start.size, 9);
        expect(Math.cos(same.rotation)).toBeCloseTo(Math.cos(start.rotation), 9);
      }),
    );
    const start = placeSticker({ x: 300, y: 300 });
    const pinched = pinchSticker(
      start,
      [
        { x: 280, y: 300 },
        { x: 320, y: 300 },
      ],
      [
        { x: 300, y: 260 },
        { x: 300, y: 340 },
      ],
    );
    expect(pinched.size).toBeCloseTo(STICKER_SIZE.initial * 2, 9);
    expect(pinched.rotation).toBeCloseTo(Math.PI / 2, 9);
    expect(pinched.x).toBeCloseTo(300, 9);
  });
});
