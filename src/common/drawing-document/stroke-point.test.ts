import { describe, expect, it } from "vitest";
import { DRAWING_LIMITS, POSITION_RANGE } from "./limits.ts";
import { strokePointList, toStrokePoint, toStrokePoints } from "./stroke-point.ts";

describe("toStrokePoint", () => {
  it("puts a pointer position on the 1/16 pixel grid", () => {
    expect(toStrokePoint(10.03, 20.97, undefined, 0)).toEqual({ x: 10, y: 21, elapsed: 0 });
    expect(toStrokePoint(10.04, 0.1, undefined, 0)).toEqual({ x: 10.0625, y: 0.125, elapsed: 0 });
  });

  it("keeps a position within the accepted area, and no -0 or NaN", () => {
    const far = toStrokePoint(-1e9, 1e9, undefined, 0);
    expect([far.x, far.y]).toEqual([POSITION_RANGE.min, POSITION_RANGE.max]);
    expect(Object.is(toStrokePoint(-0.01, 0, undefined, 0).x, 0)).toBe(true);
    expect(toStrokePoint(Number.NaN, 5, undefined, 0).x).toBe(0);
  });

  it("gives a pen's pressure in steps of 1/1024 within 0 .. 1, and none for mouse or touch", () => {
    expect(toStrokePoint(0, 0, 0.5004, 0).pressure).toBe(0.5);
    expect(toStrokePoint(0, 0, 1.7, 0).pressure).toBe(1);
    expect(toStrokePoint(0, 0, Number.NaN, 0).pressure).toBe(0);
    expect("pressure" in toStrokePoint(0, 0, undefined, 0)).toBe(false);
  });

  it("keeps times whole, never earlier than the point before, and within a stroke's cap", () => {
    expect(toStrokePoint(0, 0, undefined, 16.6, 0).elapsed).toBe(17);
    expect(toStrokePoint(0, 0, undefined, 30, 40).elapsed).toBe(40);
    expect(toStrokePoint(0, 0, undefined, 1e12, 0).elapsed).toBe(DRAWING_LIMITS.strokeMs);
    expect(toStrokePoint(0, 0, undefined, Number.NaN, 8).elapsed).toBe(8);
  });
});

describe("toStrokePoints and strokePointList", () => {
  it("turn points into a stroke's columns and back", () => {
    const pen = [toStrokePoint(1, 2, 0.5, 0), toStrokePoint(3, 4, 0.75, 16)];
    expect(toStrokePoints(pen)).toEqual({ x: [1, 3], y: [2, 4], elapsed: [0, 16], pressure: [0.5, 0.75] });
    expect(strokePointList(toStrokePoints(pen))).toEqual(pen);
    const mouse = [toStrokePoint(1, 2, undefined, 0)];
    expect(toStrokePoints(mouse)).toEqual({ x: [1], y: [2], elapsed: [0] });
    expect(strokePointList(toStrokePoints(mouse))).toEqual(mouse);
  });
});
