/**
 * Keeping a caption whole on the drawing. A caption is typed line by line (Shift+Enter breaks one) and never
 * wraps by itself, so a long line would run past the drawing's edges and lose its letters when placed. Instead
 * it is set smaller until its widest line fits (the size slider gives the largest size), and kept inside the
 * drawing wherever it is dragged. The text field shows the fitted caption, so what is typed is what lands.
 */
import { CANVAS_SIZE } from "../../../common/constants.ts";
import { keepOnDrawing } from "../../engine/coordinates.ts";
import { type Caption, captionHeight, OUTLINE_RATIO } from "./caption-layout.ts";

/** Room kept between a caption's letters and the drawing's left and right edges, in drawing pixels. */
export const CAPTION_MARGIN = 12;

/** The advance width of the widest of `lines` set at `size` in the caption's face, in drawing pixels. */
export type MeasureLines = (lines: readonly string[], size: number) => number;

/** Shrinking passes at most: widths scale with the size up to rounding, so one pass nearly always does. */
const FIT_PASSES = 4;

/** A shade under 1: each pass aims just inside the room, so rounding cannot leave it a hair too wide. */
const AIM = 0.999;

/** A caption as shown and painted, with the width its letters then cover (outline included), drawing pixels. */
export interface FittedCaption extends Caption {
  readonly width: number;
}

/**
 * `caption` at the size and place it is shown and painted: its size unless its widest line (with the outline)
 * or its height would not fit the drawing, then the largest that fits; its centre and top moved only as far
 * as it takes to keep the whole caption on the drawing.
 */
export function fitCaption(caption: Caption, widestAt: MeasureLines): FittedCaption {
  const lines = caption.text.split("\n");
  const room = CANVAS_SIZE - 2 * CAPTION_MARGIN;
  const widthAt = (size: number) => widestAt(lines, size) + (caption.outline ? size * OUTLINE_RATIO : 0);
  let size = Math.min(caption.size, CANVAS_SIZE / captionHeight(lines.length, 1));
  let width = widthAt(size);
  for (let pass = 0; pass < FIT_PASSES && width > room; pass += 1) {
    size *= (room / width) * AIM;
    width = widthAt(size);
  }
  const halfWidth = Math.min(width, room) / 2;
  const halfHeight = captionHeight(lines.length, size) / 2;
  return {
    ...caption,
    size,
    width,
    // The margins count as part of the caption's reach; its y is its top, not its middle.
    x: keepOnDrawing(caption.x, halfWidth + CAPTION_MARGIN),
    y: keepOnDrawing(caption.y + halfHeight, halfHeight) - halfHeight,
  };
}
