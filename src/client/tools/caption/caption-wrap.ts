/**
 * Breaking a caption into the lines it is painted as: the lines typed (a new line with Shift+Enter), each
 * wrapped at the room the drawing gives, at spaces first and inside a word only when the word alone is wider
 * than a line. Pure, with the widths given by the caller (the canvas's text metrics on the page).
 */

/**
 * The width of a piece of a line (a word, a run of spaces, a character) at the size being tried. A line is as
 * wide as its pieces together: kerning across a space or inside a broken word is left out, a pixel or two.
 */
export type PieceWidth = (piece: string) => number;

/**
 * Characters as a reader sees them (a letter with its accents, an emoji with its modifiers). The segmenter is
 * made at the first word too wide for a line, not as the tools' chunk loads: it loads the locale's break rules,
 * about 15 ms, which would lengthen the task the chunk arrives in.
 */
let graphemes: Intl.Segmenter | null = null;

/**
 * The lines of `text` no wider than `room` each: greedy, a line takes every word that fits. The spaces where
 * a line breaks are left out (they would hang past its end), as are spaces ending a typed line; spaces typed
 * at its start, and empty lines, are kept. A word wider than the room starts a line of its own and is cut
 * where it fills one, at least one character a line.
 */
export function wrapText(text: string, room: number, widthOf: PieceWidth): string[] {
  const lines: string[] = [];
  for (const typed of text.split("\n")) new LineBreaker(room, widthOf, lines).wrap(typed);
  return lines;
}

/** The line being filled while one typed line is wrapped into `lines`. */
class LineBreaker {
  readonly room: number;
  readonly widthOf: PieceWidth;
  readonly lines: string[];
  #line = "";
  #width = 0;
  /** True once the line holds more than spaces. */
  #worded = false;

  constructor(room: number, widthOf: PieceWidth, lines: string[]) {
    this.room = room;
    this.widthOf = widthOf;
    this.lines = lines;
  }

  wrap(typed: string): void {
    // Words and the runs of spaces between them, alternately, from a word (empty before leading spaces).
    const pieces = typed.split(/( +)/);
    this.#place(pieces[0] ?? "");
    for (let index = 1; index < pieces.length; index += 2) {
      const spaces = pieces[index] as string;
      const word = pieces[index + 1] as string;
      if (!this.#worded) {
        // Spaces typed at the start of the line stay with it.
        this.#add(spaces, this.widthOf(spaces));
        this.#place(word);
      } else if (word !== "") {
        const joined = this.#width + this.widthOf(spaces) + this.widthOf(word);
        if (joined <= this.room) this.#add(spaces + word, joined - this.#width);
        else {
          this.#break();
          this.#place(word);
        }
      }
    }
    this.lines.push(this.#line);
  }

  /** Puts `word` on the line: whole if it fits, else cut a character at a time into full lines. */
  #place(word: string): void {
    if (word === "") return;
    const wordWidth = this.widthOf(word);
    if (this.#width + wordWidth <= this.room) {
      this.#add(word, wordWidth);
      this.#worded = true;
      return;
    }
    graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
    for (const { segment } of graphemes.segment(word)) {
      const segmentWidth = this.widthOf(segment);
      if (this.#worded && this.#width + segmentWidth > this.room) this.#break();
      this.#add(segment, segmentWidth);
      this.#worded = true;
    }
  }

  #add(text: string, width: number): void {
    this.#line += text;
    this.#width += width;
  }

  #break(): void {
    this.lines.push(this.#line);
    this.#line = "";
    this.#width = 0;
    this.#worded = false;
  }
}
