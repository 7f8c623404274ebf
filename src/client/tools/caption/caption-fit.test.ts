import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CANVAS_SIZE } from "../../../common/constants.ts";
import { CAPTION_MARGIN, fitCaption, type MeasureLines } from "./caption-fit.ts";
import { type Caption, captionHeight, OUTLINE_RATIO } from "./caption-layout.ts";

/** A face whose letters are each half the size wide, rounded up to whole pixels as a real face's may be. */
const halfEm: MeasureLines = (lines, size) =>
  Math.max(0, ...lines.map((line) => Math.ceil([...line].length * size * 0.5)));

const caption: Caption = { text: "GM FRENS", x: 300, y: 40, size: 56, colour: "#ffffff", outline: true };

/** The width the test's face gives, worked out apart from fitCaption's own. */
function widthOf(fitted: Caption): number {
  return halfEm(fitted.text.split("\n"), fitted.size) + (fitted.outline ? fitted.size * OUTLINE_RATIO : 0);
}

describe("fitting a caption on the drawing", () => {
  it("leaves a caption that fits as it is", () => {
    expect(fitCaption(caption, halfEm)).toEqual({ ...caption, width: widthOf(caption) });
  });

  it("sets a line too long for the drawing smaller, just inside the margins, centred where it was", () => {
    const long = { ...caption, text: "WHEN YOU BUY THE DIP AND IT KEEPS DIPPING" };
    const fitted = fitCaption(long, halfEm);
    expect(fitted.size).toBeLessThan(long.size);
    expect(widthOf(fitted)).toBeLessThanOrEqual(CANVAS_SIZE - 2 * CAPTION_MARGIN);
    expect(widthOf(fitted)).toBeGreaterThan(CANVAS_SIZE - 2 * CAPTION_MARGIN - 3);
    expect(fitted.x).toBe(300);
    // Broken into two lines, the same words fit at the chosen size.
    expect(fitCaption({ ...long, text: "WHEN YOU BUY THE DIP\nAND IT KEEPS DIPPING" }, halfEm).size).toBe(56);
  });

  it("keeps the caption inside the drawing when it is dragged past an edge", () => {
    const left = fitCaption({ ...caption, x: -50, y: -30 }, halfEm);
    expect(left.x - widthOf(left) / 2).toBeCloseTo(CAPTION_MARGIN, 9);
    expect(left.y).toBe(0);
    const bottom = fitCaption({ ...caption, x: 590, y: 590 }, halfEm);
    expect(bottom.x + widthOf(bottom) / 2).toBeCloseTo(CANVAS_SIZE - CAPTION_MARGIN, 9);
    expect(bottom.y + captionHeight(1, bottom.size)).toBeCloseTo(CANVAS_SIZE, 9);
  });

  it("sets so many lines smaller that they all fit the drawing's height", () => {
    const tall = fitCaption({ ...caption, text: "A\nB\nC\nD\nE\nF\nG\nH", size: 120 }, halfEm);
    expect(captionHeight(8, tall.size)).toBeLessThanOrEqual(CANVAS_SIZE + 1e-9);
    expect(tall.y).toBeGreaterThanOrEqual(0);
  });

  it("whatever is typed at whatever size and place, the fitted caption is whole on the drawing and no larger", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 80 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 24, max: 120 }),
        fc.double({ min: -300, max: 900, noNaN: true }),
        fc.double({ min: -300, max: 900, noNaN: true }),
        fc.boolean(),
        (lines, size, x, y, outline) => {
          const fitted = fitCaption({ ...caption, text: lines.join("\n"), size, x, y, outline }, halfEm);
          const halfWidth = widthOf(fitted) / 2;
          expect(fitted.width).toBeCloseTo(widthOf(fitted), 9);
          expect(fitted.size).toBeLessThanOrEqual(size);
          expect(fitted.size).toBeGreaterThan(0);
          expect(fitted.x - halfWidth).toBeGreaterThanOrEqual(CAPTION_MARGIN - 1e-9);
          expect(fitted.x + halfWidth).toBeLessThanOrEqual(CANVAS_SIZE - CAPTION_MARGIN + 1e-9);
          expect(fitted.y).toBeGreaterThanOrEqual(0);
          expect(fitted.y + captionHeight(lines.length, fitted.size)).toBeLessThanOrEqual(CANVAS_SIZE + 1e-9);
        },
      ),
    );
  });
});
