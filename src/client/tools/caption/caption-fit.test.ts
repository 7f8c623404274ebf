import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CANVAS_SIZE } from "../../../common/constants.ts";
import { CAPTION_MARGIN, fitCaption, lineRoom, type MeasureText } from "./caption-fit.ts";
import { type Caption, captionHeight, OUTLINE_RATIO } from "./caption-layout.ts";
import { wrapText } from "./caption-wrap.ts";

/** A face whose letters and spaces are each half the size wide. */
const halfEm: MeasureText = (text, size) => [...text].length * size * 0.5;

const caption: Caption = { text: "GM FRENS", x: 300, y: 40, size: 56, colour: "#ffffff", outline: true };

/** The width the test's face gives the fitted lines, outline included, worked out apart from fitCaption's own. */
function widthOf(fitted: Caption & { lines: readonly string[] }): number {
  const widest = Math.max(0, ...fitted.lines.map((line) => halfEm(line, fitted.size)));
  return widest + (fitted.outline ? fitted.size * OUTLINE_RATIO : 0);
}

describe("fitting a caption on the drawing", () => {
  it("leaves a caption that fits as it is, on one line", () => {
    expect(fitCaption(caption, halfEm)).toEqual({
      ...caption,
      lines: ["GM FRENS"],
      width: widthOf({ ...caption, lines: ["GM FRENS"] }),
    });
  });

  it("wraps a line too long for the drawing at its spaces, at the size chosen, centred where it was", () => {
    const long = { ...caption, text: "WHEN YOU BUY THE DIP AND IT KEEPS DIPPING" };
    const fitted = fitCaption(long, halfEm);
    expect(fitted.size).toBe(56);
    // 28 px a character: 20 fit in the 567 px left between the margins and the outline.
    expect(fitted.lines).toEqual(["WHEN YOU BUY THE DIP", "AND IT KEEPS DIPPING"]);
    expect(widthOf(fitted)).toBeLessThanOrEqual(CANVAS_SIZE - 2 * CAPTION_MARGIN);
    expect(fitted.x).toBe(300);
  });

  it("sets it smaller only when its wrapped lines would not fit the drawing's height", () => {
    const long = { ...caption, text: "FRED ".repeat(80).trim() };
    const fitted = fitCaption(long, halfEm);
    expect(fitted.size).toBeLessThan(56);
    expect(captionHeight(fitted.lines.length, fitted.size)).toBeLessThanOrEqual(CANVAS_SIZE);
    // As large as fits: a size a little larger needs more height than the drawing has.
    const larger = fitCaption({ ...long, size: fitted.size + 0.1 }, halfEm);
    expect(larger.size).toBeLessThan(fitted.size + 0.1);
  });

  it("keeps a top caption at the top and a bottom one at the bottom as its lines grow", () => {
    const top = fitCaption({ ...caption, place: "top", x: 100, y: 300 }, halfEm);
    expect([top.x, top.y]).toEqual([300, 0]);
    const text = "ONE DOES NOT SIMPLY COLOUR IN A FROG WITHOUT GOING OVER THE LINES";
    const bottom = fitCaption({ ...caption, text, place: "bottom", y: 100 }, halfEm);
    expect(bottom.lines.length).toBeGreaterThan(1);
    expect(bottom.y + captionHeight(bottom.lines.length, bottom.size)).toBeCloseTo(CANVAS_SIZE, 9);
  });

  it("keeps a caption placed anywhere inside the drawing when it is dragged past an edge", () => {
    const left = fitCaption({ ...caption, x: -50, y: -30 }, halfEm);
    expect(left.x - widthOf(left) / 2).toBeCloseTo(CAPTION_MARGIN, 9);
    expect(left.y).toBe(0);
    const bottom = fitCaption({ ...caption, x: 590, y: 590 }, halfEm);
    expect(bottom.x + widthOf(bottom) / 2).toBeCloseTo(CANVAS_SIZE - CAPTION_MARGIN, 9);
    expect(bottom.y + captionHeight(1, bottom.size)).toBeCloseTo(CANVAS_SIZE, 9);
  });

  it("whatever is typed at whatever size and place, the caption is whole on the drawing, wrapped, and no larger", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Z ]{0,120}$/), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 24, max: 120 }),
        fc.double({ min: -300, max: 900, noNaN: true }),
        fc.double({ min: -300, max: 900, noNaN: true }),
        fc.boolean(),
        fc.constantFrom("top", "bottom", "free") as fc.Arbitrary<Caption["place"]>,
        (typed, size, x, y, outline, place) => {
          const fitted = fitCaption(
            { ...caption, text: typed.join("\n"), size, x, y, outline, place },
            halfEm,
          );
          const halfWidth = widthOf(fitted) / 2;
          expect(fitted.width).toBeCloseTo(widthOf(fitted), 9);
          expect(fitted.size).toBeLessThanOrEqual(size);
          expect(fitted.size).toBeGreaterThan(0);
          expect(fitted.lines.length).toBeGreaterThanOrEqual(typed.length);
          for (const line of fitted.lines)
            expect(halfEm(line, fitted.size)).toBeLessThanOrEqual(lineRoom(fitted.size, outline) + 1e-9);
          expect(fitted.x - halfWidth).toBeGreaterThanOrEqual(CAPTION_MARGIN - 1e-9);
          expect(fitted.x + halfWidth).toBeLessThanOrEqual(CANVAS_SIZE - CAPTION_MARGIN + 1e-9);
          expect(fitted.y).toBeGreaterThanOrEqual(-1e-9);
          expect(fitted.y + captionHeight(fitted.lines.length, fitted.size)).toBeLessThanOrEqual(
            CANVAS_SIZE + 1e-9,
          );
          // Set smaller only when the lines at the size chosen would not have fitted the height.
          if (fitted.size < size) {
            const atSize = wrapText(typed.join("\n"), lineRoom(size, outline), (piece) =>
              halfEm(piece, size),
            );
            expect(captionHeight(atSize.length, size)).toBeGreaterThan(CANVAS_SIZE);
          }
        },
      ),
    );
  });
});
