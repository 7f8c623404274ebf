import type { MeasureText } from "./caption-fit.ts";
import { isCaptionFontLoaded } from "./caption-font.ts";
import { captionFont } from "./caption-layout.ts";

/** The size text is measured at: widths scale with the size, so one measure serves every size tried. */
const MEASURED_AT = 100;

/** The most pieces of text whose widths are kept; then the store starts again (a caption has a few hundred). */
const KEPT_WIDTHS = 4000;

let measuring: CanvasRenderingContext2D | null = null;
const widths = new Map<string, number>();
/** Whether the widths kept are the caption face's (else the fallback face's). */
let measuredLoaded = false;

/**
 * The page's measure of caption text: the canvas's own text metrics in the caption font, the same that paints
 * the caption, on a canvas of its own. Widths are measured once at MEASURED_AT and scaled, as fitting a long
 * caption tries many sizes on every key. Before the face has loaded it measures the fallback face; the store
 * is emptied when the face arrives, and the caption is fitted again then (use-caption.ts).
 */
export const measureCaptionText: MeasureText = (text, size) => {
  measuring ??= document.createElement("canvas").getContext("2d");
  if (measuring === null) return 0;
  const loaded = isCaptionFontLoaded();
  if (loaded !== measuredLoaded || widths.size > KEPT_WIDTHS) {
    widths.clear();
    measuredLoaded = loaded;
  }
  let width = widths.get(text);
  if (width === undefined) {
    measuring.font = captionFont(MEASURED_AT);
    width = measuring.measureText(text).width;
    widths.set(text, width);
  }
  return (width * size) / MEASURED_AT;
};
