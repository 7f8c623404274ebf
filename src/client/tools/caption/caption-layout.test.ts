import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CAPTION_LINE_HEIGHT,
  CAPTION_PADDING,
  type Caption,
  hasText,
  isDark,
  layoutCaption,
} from "./caption-layout.ts";

const caption: Caption = { text: "GM\nFRENS", x: 300, y: 100, size: 50, colour: "#ffffff", outline: true };

describe("caption layout", () => {
  it("stacks the lines one line height apart, centred on x, below the padding", () => {
    const layout = layoutCaption(caption, caption.text.split("\n"));
    expect(layout.lines.map((line) => line.text)).toEqual(["GM", "FRENS"]);
    expect(layout.lines.every((line) => line.x === 300)).toBe(true);
    const [first, second] = layout.lines;
    expect((second?.baseline ?? 0) - (first?.baseline ?? 0)).toBeCloseTo(50 * CAPTION_LINE_HEIGHT, 9);
    expect(first?.baseline).toBeGreaterThan(100 + 50 * CAPTION_PADDING);
    expect(first?.baseline).toBeLessThan(100 + 50 * (CAPTION_PADDING + CAPTION_LINE_HEIGHT));
    expect(layout.height).toBeCloseTo(2 * 50 * CAPTION_LINE_HEIGHT + 2 * 50 * CAPTION_PADDING, 9);
    expect(layout.font).toBe("50px FanvasCaption, Impact, sans-serif");
  });

  it("outlines in black around light colours, white around dark ones, and not at all when switched off", () => {
    expect(layoutCaption(caption, caption.text.split("\n")).outlineColour).toBe("#000000");
    expect(layoutCaption({ ...caption, colour: "#000000" }, ["GM"]).outlineColour).toBe("#ffffff");
    expect(layoutCaption({ ...caption, outline: false }, ["GM"]).outlineWidth).toBe(0);
    expect(isDark("#ffff00")).toBe(false);
    expect(isDark("#0000ff")).toBe(true);
  });

  it("the baseline moves exactly with the caption, for any size and position", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -100, max: 700, noNaN: true }),
        fc.double({ min: -100, max: 700, noNaN: true }),
        fc.integer({ min: 24, max: 120 }),
        (x, y, size) => {
          const here = layoutCaption({ ...caption, x, y, size }, ["GM", "FRENS"]);
          const there = layoutCaption({ ...caption, x: x + 10, y: y + 20, size }, ["GM", "FRENS"]);
          here.lines.forEach((line, index) => {
            expect(there.lines[index]?.x).toBeCloseTo(line.x + 10, 9);
            expect(there.lines[index]?.baseline).toBeCloseTo(line.baseline + 20, 9);
          });
        },
      ),
    );
  });

  it("a caption of only spaces and new lines has nothing to paint", () => {
    expect(hasText({ ...caption, text: " \n  " })).toBe(false);
    expect(hasText({ ...caption, text: "🐸" })).toBe(true);
  });
});
