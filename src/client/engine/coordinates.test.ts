import { describe, expect, it } from "vitest";
import { contentBox, isOutsideCanvas, keepOnDrawing, toCanvasPoint } from "./coordinates.ts";

describe("coordinate mapping from the viewport to the 600 x 600 drawing", () => {
  it("is the identity offset when the canvas is shown at 600 CSS px", () => {
    const box = { left: 100, top: 50, width: 600, height: 600 };
    expect(toCanvasPoint(100, 50, box)).toEqual({ x: 0, y: 0 });
    expect(toCanvasPoint(400, 350, box)).toEqual({ x: 300, y: 300 });
    expect(toCanvasPoint(700, 650, box)).toEqual({ x: 600, y: 600 });
  });

  it("scales up when the page shrinks the canvas to fit a 360 px phone", () => {
    const box = { left: 12, top: 200, width: 336, height: 336 };
    expect(toCanvasPoint(12 + 168, 200 + 84, box)).toEqual({ x: 300, y: 150 });
    expect(toCanvasPoint(12 + 336, 200 + 336, box)).toEqual({ x: 600, y: 600 });
  });

  it("is not clamped, so a point just outside is drawn clipped at the edge", () => {
    expect(toCanvasPoint(-6, 0, { left: 0, top: 0, width: 300, height: 300 })).toEqual({ x: -12, y: 0 });
  });

  it("maps to the origin rather than dividing by zero when the canvas is hidden", () => {
    expect(toCanvasPoint(5, 5, { left: 0, top: 0, width: 0, height: 0 })).toEqual({ x: 0, y: 0 });
  });

  it("leaves out the canvas's border and padding so strokes stay under the pointer", () => {
    const box = contentBox(
      { left: 10, top: 20, width: 610, height: 606 },
      { left: 4, top: 2, right: 6, bottom: 4 },
    );
    expect(box).toEqual({ left: 14, top: 22, width: 600, height: 600 });
    expect(toCanvasPoint(14, 22, box)).toEqual({ x: 0, y: 0 });
  });
});

describe("isOutsideCanvas", () => {
  it("keeps every point of the 600 x 600 drawing, edges of its last pixels excluded", () => {
    for (const inside of [
      { x: 0, y: 0 },
      { x: 599.99, y: 599.99 },
      { x: 300, y: 0 },
    ])
      expect(isOutsideCanvas(inside), JSON.stringify(inside)).toBe(false);
    for (const outside of [
      { x: -0.01, y: 300 },
      { x: 300, y: -0.01 },
      { x: 600, y: 300 },
      { x: 300, y: 600 },
    ])
      expect(isOutsideCanvas(outside), JSON.stringify(outside)).toBe(true);
  });
});

describe("keepOnDrawing", () => {
  it("leaves what lies whole on the drawing, moves in what does not, and centres what is larger", () => {
    expect(keepOnDrawing(300, 80)).toBe(300);
    expect(keepOnDrawing(20, 80)).toBe(80);
    expect(keepOnDrawing(590, 80)).toBe(520);
    expect(keepOnDrawing(10, 400)).toBe(300);
  });
});
