/** Captions as data and pure layout: where each line's baseline goes, in the 600 x 600 drawing space. */

/**
 * Where a caption keeps to: the top or the bottom edge of the drawing, where a meme puts its words (its lines
 * grow down from the top, up from the bottom), or wherever it was put (its top stays where a tap or a drag
 * left it).
 */
export type CaptionPlace = "top" | "bottom" | "free";

/** A caption as it is edited and committed. */
export interface Caption {
  readonly text: string;
  /** Centre of the caption, horizontally, in drawing pixels. */
  readonly x: number;
  /** Top of the first line box, in drawing pixels. */
  readonly y: number;
  /** Font size in drawing pixels. */
  readonly size: number;
  /** Fill colour, #rrggbb. */
  readonly colour: string;
  /** The classic meme outline around the letters. */
  readonly outline: boolean;
  /** Where it keeps to; "free" when left out (x and y then say where). */
  readonly place?: CaptionPlace;
}

/** The caption's face: Anton (see font/README.md), registered under this family name. */
export const CAPTION_FAMILY = "FanvasCaption";

/**
 * The caption's faces in order: Anton, then for the letters its subset lacks (Cyrillic, Greek, most of
 * Latin Extended) Impact where the device has it, the meme face with those scripts, else the device's
 * sans-serif. The field and the canvas use the same list, so they show the same letters.
 */
export const CAPTION_FONT_STACK = `${CAPTION_FAMILY}, Impact, sans-serif`;

/** Anton's vertical metrics as fractions of the font size (hhea: 2409 and 674 of 2048 units, no line gap). */
const ASCENT = 2409 / 2048;
const DESCENT = 674 / 2048;

/** Line height as a multiple of the font size; the text field uses the same, so lines sit where typed. */
export const CAPTION_LINE_HEIGHT = 1.1;

/**
 * Space above and below the lines, as a multiple of the font size: the text field has it as padding, so the
 * outline of tall letters (Anton's ascent is taller than its line box) is not clipped while typing.
 */
export const CAPTION_PADDING = 0.15;

/** Sizes the size slider offers, in drawing pixels. */
export const CAPTION_SIZE = { min: 24, max: 120, step: 4, initial: 56 } as const;

/** The outline's width as a multiple of the font size (drawn centred on the glyph edge, so half shows). */
export const OUTLINE_RATIO = 0.16;

/** One line of a laid-out caption. */
export interface CaptionLine {
  readonly text: string;
  /** Centre x and alphabetic baseline y, drawing pixels. */
  readonly x: number;
  readonly baseline: number;
}

/** A caption ready to paint. */
export interface CaptionLayout {
  readonly lines: readonly CaptionLine[];
  readonly font: string;
  readonly outlineWidth: number;
  readonly outlineColour: string;
  /** The caption's box: top and height of all line boxes. */
  readonly top: number;
  readonly height: number;
}

/**
 * Lays a caption's `texts` (its lines, as wrapped: caption-fit.ts) out as CSS lays out the text field: after
 * the padding, line boxes of CAPTION_LINE_HEIGHT x size stacked from `y`, each line's baseline half the
 * leading plus the ascent below its box's top, centred on `x`.
 */
export function layoutCaption(caption: Caption, texts: readonly string[]): CaptionLayout {
  const lineHeight = caption.size * CAPTION_LINE_HEIGHT;
  const halfLeading = (lineHeight - caption.size * (ASCENT + DESCENT)) / 2;
  return {
    lines: texts.map((text, index) => ({
      text,
      x: caption.x,
      baseline:
        caption.y + caption.size * CAPTION_PADDING + index * lineHeight + halfLeading + caption.size * ASCENT,
    })),
    font: captionFont(caption.size),
    outlineWidth: caption.outline ? caption.size * OUTLINE_RATIO : 0,
    outlineColour: isDark(caption.colour) ? "#ffffff" : "#000000",
    top: caption.y,
    height: captionHeight(texts.length, caption.size),
  };
}

/** The canvas font of a caption set at `size` drawing pixels (CAPTION_FONT_STACK). */
export function captionFont(size: number): string {
  return `${size}px ${CAPTION_FONT_STACK}`;
}

/** The height of a caption's box, `lines` lines at `size`: the line boxes and the padding above and below. */
export function captionHeight(lines: number, size: number): number {
  return size * (lines * CAPTION_LINE_HEIGHT + 2 * CAPTION_PADDING);
}

/** Whether a #rrggbb colour is dark enough that a black outline would vanish (then it is white). */
export function isDark(colour: string): boolean {
  const value = Number.parseInt(colour.slice(1), 16);
  const luminance = 0.2126 * ((value >> 16) & 255) + 0.7152 * ((value >> 8) & 255) + 0.0722 * (value & 255);
  return luminance < 60;
}

/** True when a caption has something to paint. */
export function hasText(caption: Caption): boolean {
  return caption.text.trim().length > 0;
}
