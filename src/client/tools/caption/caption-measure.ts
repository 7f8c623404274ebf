import type { MeasureLines } from "./caption-fit.ts";
import { captionFont } from "./caption-layout.ts";

let measuring: CanvasRenderingContext2D | null = null;

/**
 * The page's measure of caption lines: the canvas's own text metrics in the caption font, the same that
 * paints the caption, on a canvas of its own. Before the face has loaded it measures the fallback face, and
 * the caption is fitted again once the face is in (use-caption.ts).
 */
export const measureCaptionLines: MeasureLines = (lines, size) => {
  measuring ??= document.createElement("canvas").getContext("2d");
  if (measuring === null) return 0;
  measuring.font = captionFont(size);
  let widest = 0;
  for (const line of lines) widest = Math.max(widest, measuring.measureText(line).width);
  return widest;
};
