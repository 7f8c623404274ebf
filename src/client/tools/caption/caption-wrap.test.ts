import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wrapText } from "./caption-wrap.ts";

/** A face of the test's own: a space is 10 wide, a letter 20 to 40 by its code, combining accents nothing. */
function widthOf(text: string): number {
  let width = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (character === " ") width += 10;
    else if (code >= 0x300 && code <= 0x36f) width += 0;
    else width += 20 + (code % 21);
  }
  return width;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

describe("wrapping a caption", () => {
  it("keeps a line that fits as it is", () => {
    expect(wrapText("GM FRENS", 1000, widthOf)).toEqual(["GM FRENS"]);
    expect(wrapText("", 1000, widthOf)).toEqual([""]);
  });

  it("breaks at spaces, leaving the space out, and keeps the lines typed, empty ones too", () => {
    const room = widthOf("WHEN YOU BUY");
    expect(wrapText("WHEN YOU BUY THE DIP", room, widthOf)).toEqual(["WHEN YOU BUY", "THE DIP"]);
    expect(wrapText("GM\n\nFRENS", 1000, widthOf)).toEqual(["GM", "", "FRENS"]);
    expect(wrapText("  GM  ", 1000, widthOf)).toEqual(["  GM"]);
  });

  it("cuts a word wider than a line where it fills one, starting it on a line of its own", () => {
    const room = widthOf("AAAAA");
    expect(wrapText("GM AAAAAAAAAAAA", room, widthOf)).toEqual(["GM", "AAAAA", "AAAAA", "AA"]);
  });

  it("never parts a letter from its accents, in any script", () => {
    const text = "ПРИВЕ́Т Ё̈ЛКА ДРУЗЬЯ́";
    const lines = wrapText(text, widthOf("ПРИ"), widthOf);
    for (const line of lines) expect(line.normalize("NFC").charCodeAt(0)).not.toBe(0x301);
    expect(lines.join("").replaceAll(" ", "")).toBe(text.replaceAll(" ", ""));
    expect(lines.every((line) => !/^[\u0300-\u036f]/.test(line))).toBe(true);
  });

  const typedText = fc
    .array(
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZЁЖЩЯ") },
        { weight: 2, arbitrary: fc.constant(" ") },
        { weight: 1, arbitrary: fc.constantFrom("\n", "E\u0301", "🐸") },
      ),
      { maxLength: 300 },
    )
    .map((characters) => characters.join(""));

  it("loses nothing but the spaces where lines break, and each line fits unless it is one character", () => {
    fc.assert(
      fc.property(typedText, fc.integer({ min: 1, max: 600 }), (text, room) => {
        const lines = wrapText(text, room, widthOf);
        expect(lines.join("").replaceAll(" ", "")).toBe(text.replace(/[ \n]/g, ""));
        expect(lines.length).toBeGreaterThanOrEqual(text.split("\n").length);
        for (const line of lines) {
          const characters = [...graphemes.segment(line.trimStart())].length;
          if (characters > 1) expect(widthOf(line), line).toBeLessThanOrEqual(room);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("is greedy: no line could have taken the next one's first word", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("GM", "FRENS", "WAGMI", "TO", "THE", "MOON", "ЁЛКА"), { maxLength: 40 }),
        fc.integer({ min: 200, max: 600 }),
        (words, room) => {
          const lines = wrapText(words.join(" "), room, widthOf);
          for (let index = 0; index + 1 < lines.length; index++) {
            const next = (lines[index + 1] as string).split(" ")[0] as string;
            expect(widthOf(`${lines[index]} ${next}`)).toBeGreaterThan(room);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
