import type { CaptionOperation } from "../../../common/drawing-document/types.ts";
import type { OperationContent } from "../../engine/types.ts";
import type { FittedCaption } from "./caption-fit.ts";
import { layoutCaption } from "./caption-layout.ts";

/** A committed caption as the log keeps it: its lines as fitted and laid out, and how they are painted. */
export function captionOperation(
  caption: FittedCaption,
): OperationContent & Omit<CaptionOperation, "author" | "time"> {
  const layout = layoutCaption(caption, caption.lines);
  return {
    kind: "caption",
    lines: layout.lines.map(({ text, x, baseline }) => ({ text, x, baseline })),
    size: caption.size,
    colour: caption.colour.toLowerCase(),
    outlineColour: layout.outlineColour,
    outlineWidth: layout.outlineWidth,
    align: "center",
  };
}
