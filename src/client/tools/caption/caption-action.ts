import type { ToolAction } from "../../engine/types.ts";
import type { FittedCaption } from "./caption-fit.ts";
import { layoutCaption } from "./caption-layout.ts";

/**
 * The history's record of a committed caption: its data and its lines as fitted, painted with the same canvas
 * calls every time (outline stroked first with round joins, then the fill over it), so the letters become
 * pixels of the drawing and a replay gives the same pixels. The caption's font must be loaded (it is:
 * committing needs it).
 */
export function captionAction(caption: FittedCaption): ToolAction {
  const layout = layoutCaption(caption, caption.lines);
  return {
    kind: "caption",
    paint(context) {
      context.globalAlpha = 1;
      context.globalCompositeOperation = "source-over";
      context.font = layout.font;
      context.textAlign = "center";
      context.textBaseline = "alphabetic";
      if (layout.outlineWidth > 0) {
        context.lineJoin = "round";
        context.lineWidth = layout.outlineWidth;
        context.strokeStyle = layout.outlineColour;
        for (const line of layout.lines) context.strokeText(line.text, line.x, line.baseline);
      }
      context.fillStyle = caption.colour;
      for (const line of layout.lines) context.fillText(line.text, line.x, line.baseline);
    },
  };
}
