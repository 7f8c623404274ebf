/**
 * Keeping a caption whole on the drawing. Its lines wrap at the drawing's width (caption-wrap.ts); only when
 * the wrapped lines no longer fit the drawing's height is it set smaller (the size slider gives the largest
 * size). A top or bottom caption keeps to that edge as its lines grow; one placed anywhere else stays where it
 * was put, moved in only as far as it takes to lie whole on the drawing. The text field shows the fitted
 * caption, so what is typed is what lands.
 */
import { CANVAS_SIZE } from "../../../common/constants.ts";
import { keepOnDrawing } from "../../engine/coordinates.ts";
import { type Caption, captionHeight, OUTLINE_RATIO } from "./caption-layout.ts";
import { wrapText } from "./caption-wrap.ts";

/** Room kept between a caption's letters and the drawing's left and right edges, in drawing pixels. */
export const CAPTION_MARGIN = 12;

/** The advance width of `text` set at `size` in the caption's face, in drawing pixels. */
export type MeasureText = (text: string, size: number) => number;

/** Halvings when a caption must be set smaller: its size is then found to within 120 / 2^12 px. */
const SIZE_SEARCH_STEPS = 12;

/** A caption as shown and painted: its lines, and the width they cover (outline included), drawing pixels. */
export interface FittedCaption extends Caption {
  readonly lines: readonly string[];
  readonly width: number;
}

/** The width a caption's lines may take at `size`: the drawing's, less the margins and the outline. */
export function lineRoom(size: number, outline: boolean): number {
  return CANVAS_SIZE - 2 * CAPTION_MARGIN - (outline ? size * OUTLINE_RATIO : 0);
}

/**
 * `caption` as it is shown and painted: wrapped at the drawing's width at its size, or at the largest size at
 * which its wrapped lines fit the drawing's height; at the top or bottom edge when placed there, otherwise
 * where it was put, moved only as far as it takes to keep the whole caption on the drawing.
 */
export function fitCaption(caption: Caption, measure: MeasureText): FittedCaption {
  const linesAt = (size: number) =>
    wrapText(caption.text, lineRoom(size, caption.outline), (piece) => measure(piece, size));
  const fits = (size: number, lines: readonly string[]) => captionHeight(lines.length, size) <= CANVAS_SIZE;
  let size = caption.size;
  let lines = linesAt(size);
  if (!fits(size, lines)) {
    // Smaller letters never need more lines (each line holds at least as much), so the sizes that fit are
    // all those under some largest one: halve the range towards it.
    let small = 0;
    let large = size;
    for (let step = 0; step < SIZE_SEARCH_STEPS; step++) {
      const middle = (small + large) / 2;
      if (fits(middle, linesAt(middle))) small = middle;
      else large = middle;
    }
    size = Math.max(small, large / 2 ** SIZE_SEARCH_STEPS);
    lines = linesAt(size);
  }
  const outline = caption.outline ? size * OUTLINE_RATIO : 0;
  const width = Math.max(0, ...lines.map((line) => measure(line, size))) + outline;
  const height = captionHeight(lines.length, size);
  const halfWidth = Math.min(width, CANVAS_SIZE - 2 * CAPTION_MARGIN) / 2;
  const place = caption.place ?? "free";
  return {
    ...caption,
    size,
    lines,
    width,
    // The margins count as part of the caption's reach; its y is its top, not its middle.
    x: place === "free" ? keepOnDrawing(caption.x, halfWidth + CAPTION_MARGIN) : CANVAS_SIZE / 2,
    y:
      place === "top"
        ? 0
        : place === "bottom"
          ? CANVAS_SIZE - height
          : keepOnDrawing(caption.y + height / 2, height / 2) - height / 2,
  };
}
