import { describe, expect, it } from "vitest";
import { brushCursorValue } from "./brush-cursor.ts";

/** The SVG inside a cursor value, decoded. */
function svgOf(cursor: string): string {
  const match = /^url\("data:image\/svg\+xml,([^"]+)"\) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?), crosshair$/.exec(
    cursor,
  );
  if (!match?.[1]) throw new Error(`not a cursor value: ${cursor}`);
  return decodeURIComponent(match[1]);
}

function sizeOf(svg: string): number {
  return Number(/width="(\d+)"/.exec(svg)?.[1]);
}

describe("brushCursorValue", () => {
  it("draws a disc of the brush's colour and displayed size, with its hotspot at the centre", () => {
    const cursor = brushCursorValue({ colour: "#ff0000", width: 12, eraser: false }, 1);
    const svg = svgOf(cursor);
    expect(svg).toContain('r="6"');
    expect(svg).toContain('fill="#ff0000"');
    const size = sizeOf(svg);
    expect(size % 2).toBe(1);
    expect(cursor).toContain(`) ${(size - 1) / 2} ${(size - 1) / 2}, crosshair`);
  });

  it("follows the canvas's displayed scale", () => {
    const half = svgOf(brushCursorValue({ colour: "#000000", width: 12, eraser: false }, 0.5));
    expect(half).toContain('r="3"');
  });

  it("shows the eraser as a hollow ring", () => {
    const svg = svgOf(brushCursorValue({ colour: "#ff0000", width: 8, eraser: true }, 1));
    expect(svg).not.toContain("#ff0000");
    expect(svg).toContain('fill="none" stroke="#1b2420"');
  });

  it("adds a cross for tiny brushes and stays within the browsers' cursor limit for huge ones", () => {
    expect(svgOf(brushCursorValue({ colour: "#000000", width: 1, eraser: false }, 1))).toContain("<path");
    expect(svgOf(brushCursorValue({ colour: "#000000", width: 12, eraser: false }, 1))).not.toContain(
      "<path",
    );
    expect(
      sizeOf(svgOf(brushCursorValue({ colour: "#000000", width: 12, eraser: false }, 40))),
    ).toBeLessThanOrEqual(128);
  });
});
