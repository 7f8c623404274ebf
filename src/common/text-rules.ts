/**
 * The rules a line of text a visitor types for others to read keeps (a name on a drawing, a prompt's title):
 * NUL stripped, Unicode normalised (NFC), white space made single spaces, nothing invisible or direction-changing
 * (control, bidirectional override and isolate, zero-width and other format characters), no pile of combining
 * marks, and a length in what a reader counts as characters (grapheme clusters). No DOM, no Node: the page checks
 * as the visitor types and the server checks again on what arrives. The work is bounded by `maxCharacters`: a
 * 10,000-character paste is refused by its length before anything else is done with it.
 */

/** What a line of text may be. */
export interface TextRules {
  /** How the text is named in a refusal: "A name", "A prompt's title". */
  readonly what: string;
  /** The most characters (grapheme clusters: an emoji with its modifiers is one) it may have. */
  readonly maxCharacters: number;
}

/** The text as it is kept, or why it cannot be (a sentence saying what to change). */
export type CheckedText =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly problem: string };

// Spaces of every width and line breaks read as one space: a name pasted with a tab or a newline keeps its words.
const WHITE_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/gu;
// Marks that change the direction of the text around them (RLO turns "gpj.exe" into "exe.jpg" on screen).
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
// A joiner between two pictographs (a family, a profession) and the tag characters of a subdivision flag are
// how emoji are written; any other format character is invisible and lets one name pose as another.
const EMOJI_FORMAT =
  /(?<=\p{Extended_Pictographic}\ufe0f?)\u200d(?=\p{Extended_Pictographic})|(?<=\u{1f3f4}[\u{e0020}-\u{e007e}]*)[\u{e0020}-\u{e007f}]/gu;
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u115f\u1160\u3164\uffa0\u2800]/u;
// More than four combining marks on one letter (counted decomposed: Vietnamese needs two) pile up over the lines
// around it ("Zalgo" text).
const COMBINING_PILE = /\p{M}{5,}/u;
/** The most UTF-16 code units a character can take in text we accept (a long emoji sequence). */
const UNITS_PER_CHARACTER = 16;

// Made at the first count, not as the module loads: a segmenter loads the locale's break rules, about 15 ms,
// which would lengthen the task its chunk arrives in.
let graphemes: Intl.Segmenter | null = null;

/** Counts what a reader sees as characters. */
export function characterCount(text: string): number {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

/**
 * Checks and tidies one line of a visitor's text. An empty result (nothing but spaces) is ok with text "": the
 * caller decides whether empty means "none".
 */
export function checkText(raw: string, rules: TextRules): CheckedText {
  const { what, maxCharacters } = rules;
  const tooLong = `${what} may be at most ${maxCharacters} characters long; shorten it.`;
  if (raw.length > maxCharacters * UNITS_PER_CHARACTER) return { ok: false, problem: tooLong };
  const text = raw.replaceAll("\0", "").normalize("NFC").replace(WHITE_SPACE, " ").trim();
  const bidi = BIDI_CONTROLS.exec(text);
  if (bidi !== null) {
    return {
      ok: false,
      problem: `${what} may not contain characters that change the direction of the text (${codePoint(bidi[0])}); type it without them.`,
    };
  }
  const invisible = INVISIBLE.exec(text.replace(EMOJI_FORMAT, ""));
  if (invisible !== null) {
    return {
      ok: false,
      problem: `${what} may not contain invisible or control characters (${codePoint(invisible[0])}); type it without them.`,
    };
  }
  if (COMBINING_PILE.test(text.normalize("NFD"))) {
    return { ok: false, problem: `${what} may not pile more than four accents on one letter.` };
  }
  if (characterCount(text) > maxCharacters) return { ok: false, problem: tooLong };
  return { ok: true, text };
}

/** "U+202E", as a refusal names a character that cannot be seen. */
function codePoint(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}
