/** Painting a caption operation: its lines as laid out, in the caption face, outlined then filled. */
import type { CaptionOperation } from "../../../common/drawing-document/types.ts";
import type { Painter } from "../../engine/painter.ts";
import { captionFontSettled, loadCaptionFont } from "./caption-font.ts";
import { captionFont } from "./caption-layout.ts";

/**
 * The same canvas calls every time (outline stroked first with round joins, then the letters filled over it),
 * so the letters become pixels of the drawing and a replay gives the same pixels. Ready once the caption face
 * has loaded (or failed to, when the device's face stands in, as it did for the editor).
 */
export const painter: Painter<CaptionOperation> = {
  ready: () => captionFontSettled(),
  prepare: () => loadCaptionFont(),
  paint(context, caption) {
    context.save();
    context.globalAlpha = 1;
    context.globalCompositeOperation = "source-over";
    context.font = captionFont(caption.size);
    context.textAlign = caption.align;
    context.textBaseline = "alphabetic";
    if (caption.outlineWidth > 0) {
      context.lineJoin = "round";
      context.lineWidth = caption.outlineWidth;
      context.strokeStyle = caption.outlineColour;
      for (const line of caption.lines) context.strokeText(line.text, line.x, line.baseline);
    }
    context.fillStyle = caption.colour;
    for (const line of caption.lines) context.fillText(line.text, line.x, line.baseline);
    context.restore();
  },
};
